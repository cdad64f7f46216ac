import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { connect } from 'node:tls';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serverUrl, siteRoot } from './site.ts';

/**
 * nginx with hosting/nginx/main-context.conf holds thousands of visitors at once. The test's nginx
 * runs one worker, so Debian's 768 (or 1,024) worker_connections would leave every visitor past
 * that waiting for a connection nginx never takes.
 *
 * It is a load test, tagged `@load`: `npm test` leaves it out (4,000 TLS connections took the two
 * cores from the browser tests beside it), `npm run test:load` runs it alone.
 */
const LOAD = { tag: '@load' } as const;
const VISITORS = 4000;
/** Far more than a loopback answer needs, and still a bound: a refused visitor fails the test. */
const ANSWER_TIMEOUT_MS = 20_000;

/** A visitor's connection: HTTPS, as the site is served; the test's certificate is its own. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () =>
      resolve(socket),
    );
    socket.once('error', reject);
  });
}

/** Sends one GET on an open connection and resolves to the whole answer (the server closes). */
function ask(socket: Socket, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to GET ${path} within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

test(
  `nginx serves ${VISITORS.toLocaleString('en-US')} visitors connected at once`,
  LOAD,
  async () => {
    test.setTimeout(120_000);
    const port = Number(new URL(serverUrl('nginx')).port);
    const path = '/assets/i18n/de.json';
    const file = readFileSync(join(siteRoot(), path));

    // Everyone connects first and keeps the connection open, as slow visitors do…
    const sockets: Socket[] = [];
    try {
      for (let batch = 0; batch < VISITORS; batch += 500) {
        const size = Math.min(500, VISITORS - batch);
        // oxlint-disable-next-line no-await-in-loop -- batches, so the kernel's backlog is not the test
        sockets.push(...(await Promise.all(Array.from({ length: size }, () => open(port)))));
      }
      // …then all ask at once.
      const answers = await Promise.allSettled(sockets.map((socket) => ask(socket, path)));
      const failures = answers.filter((answer) => answer.status === 'rejected');
      expect(failures.length, `unanswered: ${String(failures[0]?.reason)}`).toBe(0);
      // Counted, not asserted one by one: thousands of expect() calls would take half a minute.
      const wrong = answers.filter((answer) => {
        const raw = (answer as PromiseFulfilledResult<Buffer>).value;
        const body = raw.subarray(raw.indexOf('\r\n\r\n') + 4);
        return !raw.subarray(0, 15).equals(Buffer.from('HTTP/1.1 200 OK')) || !body.equals(file);
      });
      expect(wrong.length, 'answers that are not 200 with the file itself').toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  },
);
