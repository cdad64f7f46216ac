import { defineConfig } from '@playwright/test';
import { common } from './playwright.config.ts';

/**
 * The server tests, run after `npm run build`: Debian's nginx and Apache serve the production build
 * with the configurations in hosting/ (started and stopped by its global setup), and the publisher
 * publishes to Debian's OpenSSH and FTP servers; both check the answers and the site in Chromium.
 */
export default defineConfig({
  ...common,
  projects: [
    // After the variant builds, as the publisher's tests: Playwright starts a project only when
    // every project of the step before has ended, so hosting beside the builds kept a core idle.
    {
      name: 'hosting',
      testDir: './hosting/test',
      workers: 1,
      dependencies: ['variant builds'],
    },
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
  workers: 2,
  // The load test (concurrency.spec.ts, tagged @load) only when asked for: `npm run test:load`.
  grepInvert: process.env.DEPLOY_LOAD_TEST ? undefined : /@load/,
  outputDir: './test-results/servers',
  // nginx and Apache serve HTTPS with a certificate the test made for 127.0.0.1.
  use: { ...common.use, ignoreHTTPSErrors: true },
});
