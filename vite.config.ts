/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brandColours } from './site-build/content-check/brand-colors.ts';
import { businessCard } from './site-build/vcard.ts';
import { contentCheck, contentErrorOf } from './site-build/content-check/content-check-plugin.ts';
import { contentConstants } from './site-build/content-check/content-constants.ts';
import { precompress, writeDeployFiles } from './site-build/site-files.ts';
import { checkHeaderFiles } from './hosting/header-files.ts';
import { headerPolicy } from './hosting/header-policy.ts';
import { COMPILE_HINT } from './site-build/compile-hint.ts';
import { iconSpritePlugin } from './site-build/icon-sprite.ts';
import { appRoot, prerender } from './site-build/prerender.ts';
import { OUT_DIR, publishBuild, STAGING_DIR } from './site-build/staging-swap.ts';
import { searchAndSharing } from './site-build/search-and-sharing-plugin.ts';
import { TRANSLATION_FILES } from './site-build/content-check/translation-files.ts';
import { business } from './src/content/business.ts';

const PRERENDER_DIR = 'node_modules/.cache/prerender';

export default defineConfig(({ command }) => ({
  // Relative asset URLs, so the built folder works from any sub-path of a host.
  base: './',
  plugins: [
    // First: a broken translation file or a malformed fact stops the build before it writes.
    contentCheck(business, TRANSLATION_FILES),
    contentConstants(business, TRANSLATION_FILES),
    appRoot(),
    brandColours(business.brand),
    businessCard(business),
    iconSpritePlugin(),
    searchAndSharing(business, TRANSLATION_FILES),
    react(),
  ],
  define: {
    BUILD_YEAR: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    // A build goes to dist/ only once every step went through; `vite preview` serves dist/.
    outDir: command === 'build' ? STAGING_DIR : OUT_DIR,
    // The dynamic imports (the translation files) need no preload helper shipped with the app.
    modulePreload: false,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The entry's code all runs at start or at the first tap; compiled as it streams in, it
            // is not compiled inside the tap. A post-banner, as minification strips comments.
            postBanner: (chunk) => (chunk.isEntry ? COMPILE_HINT : ''),
          },
        },
      },
    },
    // The prerender: the app's own components, run in Node once, at the end of the build.
    ssr: {
      build: {
        outDir: PRERENDER_DIR,
        emptyOutDir: true,
        rollupOptions: { input: 'src/prerender/render-views.tsx' },
      },
    },
  },
  builder: {
    // The bundle, the pages rendered into it and the hosts' files, all in the staging folder.
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('Vite did not set up the client and ssr builds.');
      try {
        await builder.build(client);
      } catch (error) {
        const mistakes = contentErrorOf(error);
        if (!mistakes) throw error;
        // Thrown on, the bundler would add its stack and an object dump; the owner needs the list.
        client.logger.error(mistakes.message);
        process.exit(1);
      }
      await builder.build(ssr);
      const outDir = client.config.build.outDir;
      const policy = headerPolicy(await prerender(outDir, `${PRERENDER_DIR}/render-views.js`));
      await checkHeaderFiles(policy);
      await writeDeployFiles(outDir, policy);
      await precompress(outDir);
      await publishBuild(outDir, OUT_DIR);
      client.logger.info(`The site is in ${OUT_DIR}/.`);
    },
  },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // A project's files share their worker's environment (jsdom starts slowly): mocks and globals
    // are restored, and the app's setup file clears storage, cookies and rendered trees.
    isolate: false,
    // The app's tests need a DOM; the build's and the scripts' run in plain Node.
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            '{site-build,hosting,publisher,system-tools,testing,scripts,perf}/**/*.test.ts',
          ],
        },
      },
    ],
  },
}));
