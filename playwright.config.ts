import { availableParallelism } from 'node:os';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findTestChromium } from './system-tools/find-chromium';

// E2E_PORT lets two test runs share a machine.
const port = Number(process.env.E2E_PORT ?? 4174);

/** What the browser tests share with the server tests (playwright.servers.config.ts). */
export const common = {
  forbidOnly: true,
  // A test that fails in CI runs once more with a trace, and fails the run even if it then passes:
  // nothing flaky is let through, and a trace of every test would cost CPU on every run (decision
  // 22). Locally `--trace on` records them.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    trace: process.env.CI ? 'on-first-retry' : 'off',
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_FLAGS },
  },
} satisfies PlaywrightTestConfig;

export default defineConfig({
  ...common,
  testDir: './e2e',
  // e2e/engines/ holds the Firefox and WebKit suite, run by Node's test runner (npm run test:engines).
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // One browser per core: the carousel's timers run on Playwright's clock, so the tests wait on
  // the CPU, not on time; and `npm test` runs this suite and the content proof's side by side.
  workers: availableParallelism(),
  // One baseline per picture, whatever the platform: they are drawn with Debian's Chromium (the
  // headless shell and the whole browser draw them alike) and the fonts `npm test` installs.
  // Redraw them all with `npm run test:visual -- --update-snapshots=all`.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' } },
  use: { ...common.use, baseURL: `http://127.0.0.1:${port}/`, locale: 'de-DE' },
  // The tests run against the production build, served the way `npm start` serves it.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
  },
});
