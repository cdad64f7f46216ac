export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Only requests to our own origin may carry the token. Decided the way the browser will read the
 * URL, by resolving it against the page: a pattern test on the text is fooled by what the URL
 * parser strips or folds (`" https://evil.example"`, `"\t//evil.example"`, `"/\t/evil.example"`,
 * `"/\\evil.example"` all leave the origin). A URL that does not parse goes nowhere: not ours.
 */
export function isSameOrigin(
  url: string,
  base: string = document.baseURI,
  origin: string = window.location.origin,
): boolean {
  try {
    const target = new URL(url, base).origin;
    // Opaque origins (`data:`, `blob:` of an opaque page, `about:`) all read "null".
    return target !== 'null' && target === origin;
  } catch {
    return false;
  }
}

export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The one way the app talks to a server. Like Angular's XSRF interceptor, which the specification
 * describes, it copies the `XSRF-TOKEN` cookie into the `X-XSRF-TOKEN` header of state-changing
 * requests to our own origin, unless the caller set that header already. It never throws: anything
 * that goes wrong (a cookie that is no valid header value, say) is a rejected promise, as from
 * `fetch` itself, so callers need one way of handling failure.
 */
export async function request(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method) || !isSameOrigin(url)) return fetch(url, init);

  const headers = new Headers(init.headers);
  const token = readCookie(XSRF_COOKIE);
  if (token !== undefined && !headers.has(XSRF_HEADER)) headers.set(XSRF_HEADER, token);
  return fetch(url, { ...init, headers });
}

export interface GetJsonOptions {
  /** Give up (reject with a `TimeoutError`) after this many milliseconds, body included. */
  timeoutMs?: number;
}

/**
 * GETs `url` and parses its body as JSON; a non-2xx answer, a malformed body or, with `timeoutMs`,
 * an answer that is not complete in time rejects. After a time-out the request is aborted, so a
 * late answer is never read.
 */
export async function getJson(url: string, options: GetJsonOptions = {}): Promise<unknown> {
  const init: RequestInit = {};
  if (options.timeoutMs !== undefined) init.signal = AbortSignal.timeout(options.timeoutMs);
  const response = await request(url, init);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json() as Promise<unknown>;
}
