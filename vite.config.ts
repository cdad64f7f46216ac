/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brandColours } from './build/brand-colors.ts';
import { businessCard } from './build/vcard.ts';
import { businessFacts } from './build/business-facts-plugin.ts';
import { precompress, writeDeployFiles } from './build/deploy-files.ts';
import { englishTermKeysOf } from './build/english-terms.ts';
import { checkHeaderFiles } from './build/header-files.ts';
import { headerPolicy } from './build/header-policy.ts';
import { iconSpritePlugin } from './build/icon-sprite.ts';
import { secondMinifierPass } from './build/second-minifier-pass.ts';
import { prerender } from './build/prerender.ts';
import { searchAndSharing } from './build/search-and-sharing-plugin.ts';
import { business } from './src/content/business.ts';

const PRERENDER_DIR = 'node_modules/.cache/prerender';

export default defineConfig({
  // Relative asset URLs, so the built folder works from any sub-path of a host.
  base: './',
  plugins: [
    businessFacts(business, 'public/assets/i18n/de.json'),
    brandColours(business.brand),
    businessCard(business),
    iconSpritePlugin(),
    searchAndSharing(business, {
      de: 'public/assets/i18n/de.json',
      en: 'public/assets/i18n/en.json',
    }),
    react(),
    secondMinifierPass(),
  ],
  define: {
    BUILD_YEAR: JSON.stringify(new Date().getFullYear()),
    ENGLISH_TERM_KEYS: JSON.stringify(
      englishTermKeysOf('public/assets/i18n/de.json', 'public/assets/i18n/en.json'),
    ),
  },
  environments: {
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
    // `vite build` builds the browser bundle, renders every page into dist/index.html, then adds
    // what the hosts need: the 404 page, Apache's .htaccess, the CDNs' _headers and precompressed .br/.gz files.
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('Vite did not set up the client and ssr builds.');
      await builder.build(client);
      await builder.build(ssr);
      const outDir = client.config.build.outDir;
      const policy = headerPolicy(await prerender(outDir, `${PRERENDER_DIR}/render-views.js`));
      await checkHeaderFiles(policy);
      await writeDeployFiles(outDir, policy);
      await precompress(outDir);
    },
  },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // The files of a project share their worker's environment instead of each starting its own
    // (jsdom's start-up was most of the unit tests' time). So a test must undo what it changes
    // outside React's tree: mocks and globals are restored and src/test/setup.ts clears storage,
    // cookies and rendered trees after each test.
    isolate: false,
    // The app's tests need a DOM; the build's and the bench's run in plain Node.
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
          name: 'build',
          environment: 'node',
          include: ['build/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
