import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getJson, isSameOrigin, readCookie, request } from './request.ts';

const fetchMock = vi.fn<typeof fetch>();

function sentHeaders(): Headers {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  return new Headers(init?.headers);
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

describe('request', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])(
    'adds the XSRF token to a relative %s',
    async (method) => {
      document.cookie = 'XSRF-TOKEN=abc%20123';
      await request('./api/contact', { method, body: '{}' });
      expect(sentHeaders().get('X-XSRF-TOKEN')).toBe('abc 123');
    },
  );

  it.each(['GET', 'HEAD', undefined])('never adds it to %s', async (method) => {
    document.cookie = 'XSRF-TOKEN=abc';
    await request('./assets/i18n/de.json', method ? { method } : {});
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
  });

  it.each(['http://example.com/api', 'https://example.com/api', '//example.com/api'])(
    'never sends it to an absolute or protocol-relative URL: %s',
    async (url) => {
      document.cookie = 'XSRF-TOKEN=abc';
      await request(url, { method: 'POST' });
      expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
    },
  );

  it('keeps a header the caller set', async () => {
    document.cookie = 'XSRF-TOKEN=from-cookie';
    await request('/api', { method: 'POST', headers: { 'X-XSRF-TOKEN': 'from-caller' } });
    expect(sentHeaders().get('X-XSRF-TOKEN')).toBe('from-caller');
  });

  it('sends no header when there is no such cookie', async () => {
    document.cookie = 'OTHER=1';
    await request('/api', { method: 'POST', headers: { Accept: 'application/json' } });
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
    expect(sentHeaders().get('Accept')).toBe('application/json');
  });

  it.each([' https://evil.example/api', '\t//evil.example/api', '/\t/evil.example/api'])(
    'never sends it to another origin, however the URL is dressed: %j',
    async (url) => {
      document.cookie = 'XSRF-TOKEN=abc';
      await request(url, { method: 'POST' });
      expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
    },
  );

  it('never throws: a token that is no valid header value is a rejected promise', async () => {
    document.cookie = 'XSRF-TOKEN=a%00b';
    let result: Promise<Response> | undefined;
    expect(() => {
      result = request('/api', { method: 'POST' });
    }).not.toThrow();
    await expect(result).rejects.toThrow(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('passes the rest of the request through unchanged', async () => {
    await request('/api', { method: 'POST', body: 'payload' });
    expect(fetchMock).toHaveBeenCalledWith('/api', expect.objectContaining({ body: 'payload' }));
  });
});

describe('isSameOrigin', () => {
  const page = 'https://muster-it.example/firma/index.html';
  const origin = 'https://muster-it.example';

  it.each([
    ['./assets/i18n/de.json', true],
    ['/api/x', true],
    ['api/x', true],
    ['?q=1', true],
    ['https://muster-it.example/api', true],
    ['HTTPS://example.com', false],
    ['mailto:a@example.com', false],
    ['//example.com', false],
    ['/\\example.com', false],
    // The URL parser strips leading blanks and removes tabs and newlines anywhere.
    [' https://evil.example', false],
    ['\t//evil.example', false],
    ['/\t/evil.example', false],
    ['\n//evil.example/x', false],
    ['http://muster-it.example/api', false],
    ['data:text/plain,x', false],
    ['http://[::1', false],
  ])('%j → %s', (url, expected) => {
    expect(isSameOrigin(url, page, origin)).toBe(expected);
  });

  it('reads the page itself by default', () => {
    expect(isSameOrigin('./api')).toBe(true);
    expect(isSameOrigin(' https://evil.example/')).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds the named cookie among others, and only that name', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=t%3Dx; b=2')).toBe('t=x');
    expect(readCookie('XSRF-TOKEN', 'MY-XSRF-TOKEN=no')).toBeUndefined();
    expect(readCookie('XSRF-TOKEN', '')).toBeUndefined();
  });

  it('returns a malformed escape as it is', () => {
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('getJson', () => {
  it('parses the body of a successful answer', async () => {
    await expect(getJson('./x.json')).resolves.toEqual({ ok: true });
  });

  it('rejects a failed answer, naming the status', async () => {
    fetchMock.mockResolvedValue(new Response('nope', { status: 500 }));
    await expect(getJson('./x.json')).rejects.toThrow('GET ./x.json answered 500');
  });

  it('rejects a malformed body', async () => {
    fetchMock.mockResolvedValue(new Response('{not json', { status: 200 }));
    await expect(getJson('./x.json')).rejects.toThrow(SyntaxError);
  });

  it('gives up after its time-out and aborts the request', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(getJson('./x.json', { timeoutMs: 20 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
