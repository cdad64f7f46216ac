/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brandColours } from './build/brand-colors.ts';
import { businessCard } from './build/vcard.ts';
import { businessFacts } from './build/business-facts-plugin.ts';
import { precompress, writeDeployFiles } from './build/deploy-files.ts';
import { serviceNameLanguagesOf } from './build/english-terms.ts';
import { checkHeaderFiles } from './build/header-files.ts';
import { headerPolicy } from './build/header-policy.ts';
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
    searchAndSharing(business, {
      de: 'public/assets/i18n/de.json',
      en: 'public/assets/i18n/en.json',
    }),
    react(),
  ],
  define: {
    BUILD_YEAR: JSON.stringify(new Date().getFullYear()),
    SERVICE_NAME_LANGUAGES: JSON.stringify(
      serviceNameLanguagesOf('public/assets/i18n/de.json', 'public/assets/i18n/en.json'),
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
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
