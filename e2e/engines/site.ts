import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The production build (`dist/`) served by `vite preview`, as the other browser tests serve it,
 * behind a small proxy that gives the engine suite what WebDriver lacks: it holds the app's script
 * back while a test acts before the app, it starts each fresh visit on a page that empties the
 * engine's cache, and it puts a watch script first in every document, which records what the page
 * reports as wrong (a console error, an uncaught error, a CSP refusal) for the test to read.
 */

/** Where the proxy's own pages live, beside the site's. */
const OWN = '/__engines';
/** Recorded by the watch script: what went wrong on this page. */
export const PROBLEMS_KEY = '__problems';

// Runs before anything of the page. Allowed by the site's CSP (`script-src 'self'`): a file of the
// same origin, not an inline script.
const WATCH_SCRIPT = `(() => {
  const problems = (window.${PROBLEMS_KEY} = []);
  const error = console.error.bind(console);
  console.error = (...args) => { problems.push('console.error: ' + args.join(' ')); error(...args); };
  addEventListener('error', (event) => problems.push('error: ' + event.message));
  addEventListener('unhandledrejection', (event) => problems.push('unhandled rejection: ' + event.reason));
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push('CSP: ' + event.violatedDirective + ' ' + event.blockedURI));
})();`;

// A fresh visit starts here: the answer's `Clear-Site-Data` empties the engine's cache, so that
// WebKitGTK cannot hand the next page a script an earlier page preloaded (its back/forward cache
// does so whatever Cache-Control says). The test then opens the page it visits, as a second
// navigation of its own: a redirect by script raced WebKitWebDriver's next command, which hung.
const FRESH_PAGE = `<!doctype html><meta charset="utf-8"><title>fresh</title>`;

const APP_SCRIPT = /^\/(?:[a-z]{2}\/)?assets\/index-[^/]*\.js$/;

export interface Site {
  /** `http://127.0.0.1:port/` */
  origin: string;
  /** The page to open before a fresh visit: it empties the engine's cache. */
  fresh: string;
  /** Holds the app's script back until the returned function is called. */
  holdAppScript(): () => void;
  close(): Promise<void>;
}

function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () =>
      request(url, (response) => {
        response.resume();
        resolve();
      })
        .on('error', () => {
          if (Date.now() > until) reject(new Error(`${url} did not answer`));
          else setTimeout(attempt, 200);
        })
        .end();
    attempt();
  });
}

const answers = (url: string) =>
  new Promise<boolean>((resolve) => {
    request(url, (response) => {
      response.resume();
      resolve(true);
    })
      .on('error', () => resolve(false))
      .end();
  });

/** Starts `vite preview` on `previewPort` and the proxy on `port`. */
export async function startSite(port: number, previewPort: number): Promise<Site> {
  // Another server there (vite stops on a taken port) must not be mistaken for this build's.
  if (await answers(`http://127.0.0.1:${previewPort}/`))
    throw new Error(`Port ${previewPort} is taken: set ENGINES_PORT to another port`);
  // Vite's own script, started by this Node, so that ending the child ends the server.
  const preview: ChildProcess = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(previewPort),
      '--strictPort',
    ],
    { stdio: 'ignore' },
  );
  const upstream = `http://127.0.0.1:${previewPort}`;
  await waitForServer(`${upstream}/`, 30_000);

  let held: Promise<void> | null = null;

  const proxy = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const path = new URL(incoming.url ?? '/', upstream).pathname;
    if (path === `${OWN}/fresh`) {
      outgoing.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'clear-site-data': '"cache"',
        'cache-control': 'no-store',
      });
      outgoing.end(FRESH_PAGE);
      return;
    }
    if (path === `${OWN}/watch.js`) {
      outgoing.writeHead(200, {
        'content-type': 'text/javascript',
        'cache-control': 'no-store',
      });
      outgoing.end(WATCH_SCRIPT);
      return;
    }
    const forward = () =>
      incoming.pipe(
        request(
          `${upstream}${incoming.url}`,
          {
            method: incoming.method,
            // Uncompressed, so that a document can be read and the watch script put in.
            headers: { ...incoming.headers, 'accept-encoding': 'identity' },
          },
          (answer) => {
            const isDocument = (answer.headers['content-type'] ?? '').startsWith('text/html');
            if (!isDocument) {
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(outgoing);
              return;
            }
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const html = Buffer.concat(chunks)
                .toString('utf8')
                .replace(
                  /<meta charset[^>]*>/i,
                  (meta) => `${meta}<script src="${OWN}/watch.js"></script>`,
                );
              const headers = { ...answer.headers };
              delete headers['content-length'];
              delete headers.etag;
              outgoing.writeHead(answer.statusCode ?? 502, headers);
              outgoing.end(html);
            });
          },
        ),
      );
    if (held && APP_SCRIPT.test(path)) void held.then(forward);
    else forward();
  };

  const server = createServer(proxy);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    origin,
    fresh: `${origin}${OWN.slice(1)}/fresh`,
    holdAppScript() {
      const opened: Array<() => void> = [];
      held = new Promise<void>((resolve) => opened.push(resolve));
      return () => {
        held = null;
        for (const open of opened) open();
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      preview.kill();
    },
  };
}
