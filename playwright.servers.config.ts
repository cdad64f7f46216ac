import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findTestChromium } from './system-tools/find-chromium.ts';

/**
 * The server tests, run after `npm run build`: Debian's nginx and Apache serve the production build
 * with the configurations in hosting/ (started and stopped by its global setup), and the publisher
 * publishes to Debian's OpenSSH and FTP servers; both check the answers and the site in Chromium.
 */
export default defineConfig({
  projects: [
    { name: 'hosting', testDir: './hosting/test', workers: 1 },
    { name: 'variant builds', testDir: './publisher/test', testMatch: /\.setup\.ts$/ },
    // Each server's tests start servers of their own on free ports: two groups at once, as many
    // as cores, since the stage shares them with npm test's other suites.
    {
      name: 'publisher',
      testDir: './publisher/test',
      workers: 2,
      dependencies: ['variant builds'],
    },
  ],
  globalSetup: './hosting/test/global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  // As in the browser tests (playwright.config.ts): in CI a failed test runs once more, traced,
  // and a test that passes only then still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  workers: 2,
  // The load test (concurrency.spec.ts, tagged @load) only when asked for: `npm run test:load`.
  grepInvert: process.env.DEPLOY_LOAD_TEST ? undefined : /@load/,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  outputDir: './test-results/servers',
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
