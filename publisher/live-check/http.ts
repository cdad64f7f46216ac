/**
 * The live check's HTTP client: GETs only, a bounded number at a time and in all, every answer's
 * cookies noted, bodies kept as sent and decoded.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect } from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pairs, type RawHeaders } from './check-live.ts';

export interface Answer {
  url: string;
  status: number;
  headers: RawHeaders;
  /** A header's value; several are joined with ", ". */
  header(name: string): string | undefined;
  /** The body with its Content-Encoding undone; undefined when the encoding is unknown. */
  body: Buffer | undefined;
  encoding: string | undefined;
}

export class LimitReached extends Error {}

export interface ClientOptions {
  /** At most this many requests at a time. */
  concurrency: number;
  /** At most this many in all; the next one throws {@link LimitReached}. */
  maxRequests: number;
  /** Go on over a certificate the machine does not trust (already reported by the TLS check). */
  insecure: boolean;
  timeoutMs?: number;
}

export interface Client {
  get(url: string, headers?: Record<string, string>): Promise<Answer>;
  /** Every `Set-Cookie` seen, with the address that sent it. */
  cookies: { url: string; value: string }[];
  requests(): number;
  close(): void;
}

function decode(raw: Buffer, encoding: string | undefined): Buffer | undefined {
  if (raw.length === 0 || !encoding || encoding === 'identity') return raw;
  try {
    if (encoding === 'br') return brotliDecompressSync(raw);
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(raw);
  } catch {
    return undefined;
  }
  return undefined;
}

export function createClient(options: ClientOptions): Client {
  const { concurrency, maxRequests, insecure, timeoutMs = 15_000 } = options;
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: concurrency }),
    https: new HttpsAgent({
      keepAlive: true,
      maxSockets: concurrency,
      rejectUnauthorized: !insecure,
    }),
  };
  let started = 0;
  let closed = false;
  let running = 0;
  const waiting: (() => void)[] = [];
  const cookies: Client['cookies'] = [];

  const slot = async () => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };

  const once = (url: string, headers: Record<string, string>) =>
    new Promise<Answer>((resolve, reject) => {
      const target = new URL(url);
      const https = target.protocol === 'https:';
      const send = https ? httpsRequest : httpRequest;
      const req = send(
        target,
        { method: 'GET', headers, agent: https ? agents.https : agents.http, timeout: timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const list = pairs(res.rawHeaders);
            const header = (name: string) => {
              const values = list
                .filter(([each]) => each.toLowerCase() === name)
                .map(([, value]) => value);
              return values.length > 0 ? values.join(', ') : undefined;
            };
            for (const value of res.headers['set-cookie'] ?? []) cookies.push({ url, value });
            const encoding = header('content-encoding')?.toLowerCase();
            resolve({
              url,
              status: res.statusCode ?? 0,
              headers: list,
              header,
              body: decode(raw, encoding),
              encoding,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      req.on('error', reject);
      req.end();
    });

  return {
    cookies,
    requests: () => started,
    async get(url, headers = {}) {
      if (started >= maxRequests) throw new LimitReached(`the limit of ${maxRequests} requests`);
      started++;
      await slot();
      try {
        // A request that waited for its turn while the check ended is not sent.
        if (closed) throw new LimitReached('the end of the check');
        return await once(url, { 'user-agent': 'check-live (npm run check:live)', ...headers });
      } finally {
        release();
      }
    },
    close() {
      closed = true;
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export interface Certificate {
  authorized: boolean;
  /** OpenSSL's or Node's code, e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`. */
  error?: string;
  validTo: string;
}

/**
 * The certificate the site presents, judged by Node's trust store (its built-in roots and
 * `NODE_EXTRA_CA_CERTS`) and against the host name, as a browser would.
 */
export function fetchCertificate(url: URL, timeoutMs = 15_000): Promise<Certificate> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const isIp = /^[\d.]+$|:/.test(host);
    const socket = connect({
      host,
      port: Number(url.port) || 443,
      ...(isIp ? {} : { servername: host }),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const error = socket.authorizationError;
      resolve({
        authorized: socket.authorized,
        error: error ? String((error as Error & { code?: string }).code ?? error) : undefined,
        validTo: cert.valid_to,
      });
      socket.end();
    });
    socket.once('timeout', () =>
      socket.destroy(new Error(`no TLS answer within ${timeoutMs / 1000} s`)),
    );
    socket.once('error', reject);
  });
}
