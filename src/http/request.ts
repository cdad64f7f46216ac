export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Only requests to our own origin may carry the token. A scheme (`https:`, `mailto:`) or a leading
 * `//` makes a URL point elsewhere; browsers read a backslash like a slash there, so `/\host` is
 * treated the same way.
 */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !/^[\\/]{2}/.test(url);
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
 * requests to relative URLs, unless the caller set that header already.
 */
export function request(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method) || !isRelativeUrl(url)) return fetch(url, init);

  const headers = new Headers(init.headers);
  const token = readCookie(XSRF_COOKIE);
  if (token !== undefined && !headers.has(XSRF_HEADER)) headers.set(XSRF_HEADER, token);
  return fetch(url, { ...init, headers });
}

/** GETs `url` and parses its body as JSON; a non-2xx answer or a malformed body rejects. */
export async function getJson(url: string): Promise<unknown> {
  const response = await request(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json() as Promise<unknown>;
}
