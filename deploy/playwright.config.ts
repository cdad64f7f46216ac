import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findTestChromium } from '../scripts/find-chromium.ts';

/**
 * The deploy tests: Debian's nginx and Apache serve the production build with the configurations
 * in deploy/ (started and stopped by global-setup.ts), and the tests check their answers and the
 * site in Chromium. Run after `npm run build`.
 */
export default defineConfig({
  testDir: './test',
  globalSetup: './test/global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  // As in the browser tests (../playwright.config.ts): in CI a failed test runs once more, traced,
  // and a test that passes only then still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  workers: 1,
  // The load test (concurrency.spec.ts, tagged @load) only when asked for: `npm run test:load`.
  grepInvert: process.env.DEPLOY_LOAD_TEST ? undefined : /@load/,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  outputDir: '../test-results/deploy',
  use: {
    ...devices['Desktop Chrome'],
    trace: process.env.CI ? 'on-first-retry' : 'off',
    // nginx and Apache serve HTTPS with a certificate the test made for 127.0.0.1.
    ignoreHTTPSErrors: true,
    launchOptions: {
      executablePath: findTestChromium(),
      args: CHROMIUM_FLAGS,
    },
  },
});
