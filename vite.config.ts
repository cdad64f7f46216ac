/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { businessFacts } from './build/business-facts-plugin.ts';
import { business } from './src/content/business.ts';

export default defineConfig({
  // Relative asset URLs, so the built folder works from any sub-path of a host.
  base: './',
  plugins: [businessFacts(business, 'public/assets/i18n/de.json'), react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
