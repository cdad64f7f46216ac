import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findTestChromium } from '../scripts/find-chromium';

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
  retries: 0,
  workers: 1,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  outputDir: '../test-results/deploy',
  use: {
    ...devices['Desktop Chrome'],
    // As in the browser tests (../playwright.config.ts): traces in CI, `--trace on` locally.
    trace: process.env.CI ? 'retain-on-failure' : 'off',
    // nginx and Apache serve HTTPS with a certificate the test made for 127.0.0.1.
    ignoreHTTPSErrors: true,
    launchOptions: {
      executablePath: findTestChromium(),
      args: CHROMIUM_FLAGS,
    },
  },
});
