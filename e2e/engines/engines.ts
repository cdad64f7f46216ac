import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { launch } from 'puppeteer-core';
import { Key, remote } from 'webdriverio';
import { systemTool } from '../../system-tools/system-tools.ts';

/**
 * The two stock engines the suite drives, behind one small interface so that one suite runs in
 * both: Debian's Firefox ESR through Puppeteer, which speaks WebDriver BiDi to Firefox directly
 * (WebdriverIO would need geckodriver, which neither Debian nor the npm registry ships as a
 * binary), and WebKitGTK's MiniBrowser through WebdriverIO and `WebKitWebDriver`, which speaks
 * classic WebDriver only. See docs/decisions (Firefox and WebKit tested through two clients).
 */
export interface Engine {
  readonly name: 'Firefox' | 'WebKit';
  /** Opens `url` and returns once it has loaded. */
  open(url: string): Promise<void>;
  /** Opens `url` and returns once it is parsed, while its load may still wait (for a held script). */
  openEarly(url: string): Promise<void>;
  /** Runs `fn` in the page and returns its (JSON) result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  /** A real key press, to whatever has focus. */
  press(key: 'Tab' | 'Enter'): Promise<void>;
  /** A real click in the middle of the first element `selector` finds. */
  click(selector: string): Promise<void>;
  /** The size of the page's viewport, in CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export const FIREFOX = process.env.FIREFOX_PATH ?? systemTool('firefox-esr').find;
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? systemTool('webkit2gtk-driver').find;
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ??
  ['4.1', '4.0', '6.0']
    .map((api) => `/usr/lib/x86_64-linux-gnu/webkit2gtk-${api}/MiniBrowser`)
    .find((path) => existsSync(path)) ??
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Firefox ESR, headless. `dark` sets the page's `prefers-color-scheme` through a preference. */
export async function launchFirefox({ dark = false } = {}): Promise<Engine> {
  const browser = await launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // 0 dark, 1 light: the page's colour scheme, whatever the (absent) desktop says.
    extraPrefsFirefox: { 'layout.css.prefers-color-scheme.content-override': dark ? 0 : 1 },
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  return {
    name: 'Firefox',
    async open(url) {
      await page.goto(url);
    },
    async openEarly(url) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
    },
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])),
    press: (key) => page.keyboard.press(key),
    click: (selector) => page.click(selector),
    resize: (width, height) => page.setViewport({ width, height }),
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    close: () => browser.close(),
  };
}

/** A free port for the WebKit driver, asked of the system. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * WebKitGTK's MiniBrowser, under the X display the suite runs in (`xvfb-run`). `dark` starts it
 * in dark mode, which is what the page's `prefers-color-scheme` reads.
 */
export async function launchWebKit({ dark = false } = {}): Promise<Engine> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore' });
  // However the run ends, the driver (and with it its MiniBrowser) ends with it.
  process.once('exit', () => driver.kill());
  const browser = await (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await remote({
          hostname: '127.0.0.1',
          port,
          logLevel: 'error',
          connectionRetryCount: 0,
          // A command that hangs fails the test in this time, rather than in two minutes.
          connectionRetryTimeout: 30_000,
          capabilities: {
            // WebKitWebDriver has no BiDi, which WebdriverIO would otherwise ask for.
            'wdio:enforceWebDriverClassic': true,
            'webkitgtk:browserOptions': {
              binary: MINIBROWSER,
              args: ['--automation', ...(dark ? ['--dark-mode'] : [])],
            },
          } as WebdriverIO.Capabilities,
        });
      } catch (error) {
        // The driver may not listen yet.
        if (attempt >= 20) {
          driver.kill();
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  })();

  /** The window size that gives the page a viewport of `width` × `height`. */
  const resize = async (width: number, height: number) => {
    await browser.setWindowSize(width, height);
    const inner = await browser.execute(() => [window.innerWidth, window.innerHeight]);
    await browser.setWindowSize(
      width + width - (inner[0] ?? width),
      height + height - (inner[1] ?? height),
    );
  };
  await resize(1280, 800);

  return {
    name: 'WebKit',
    async open(url) {
      await browser.url(url);
    },
    // With the page load strategy "eager", the next command after a navigation hung in
    // WebKitWebDriver; so the load is waited for, briefly, and its time-out let pass.
    async openEarly(url) {
      await browser.setTimeout({ pageLoad: 2_000 });
      await browser.url(url).catch(() => {});
      await browser.setTimeout({ pageLoad: 300_000 });
    },
    run: (fn, ...args) => browser.execute(fn as never, ...(args as unknown as never[])) as never,
    press: (key) => browser.keys(key === 'Tab' ? Key.Tab : Key.Enter),
    async click(selector) {
      // In the middle of the viewport, where the sticky header cannot take the click.
      const element = browser.$(selector);
      await element.scrollIntoView({ block: 'center' });
      await element.click();
    },
    resize,
    async screenshot(path) {
      await browser.saveScreenshot(path);
    },
    async close() {
      await browser.deleteSession().catch(() => {});
      driver.kill();
    },
  };
}
