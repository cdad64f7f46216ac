import { join } from 'node:path';
import type { Fixtures, PlaywrightTestOptions } from '@playwright/test';
import { preview } from 'vite';
import type { Business } from '../../src/content/business-schema.ts';
import { longBusiness } from '../long-specimen/business.ts';
import { specimenBusiness } from '../visual-specimen/business.ts';

export interface Specimen {
  /** Where its facts and translation files are, from the project's root. */
  folder: string;
  /** The folder `npm run build:visual` builds it into. */
  dist: string;
  business: Business;
}

/**
 * The sites the visual and layout tests draw besides the owner's: the example content, fixed so
 * that the owner's words never change a picture, and content as long as an owner's may be.
 */
export const SPECIMENS = {
  visual: { folder: 'e2e/visual-specimen', dist: 'dist-visual', business: specimenBusiness },
  long: { folder: 'e2e/long-specimen', dist: 'dist-long', business: longBusiness },
} as const satisfies Record<string, Specimen>;

/**
 * Serves a specimen's build as `npm start` serves dist/ (Vite's preview server), on a free port;
 * `npm run build:visual` must have built it.
 */
export async function serveSpecimen({ folder, dist }: Specimen) {
  const server = await preview({
    root: join(import.meta.dirname, '../..'),
    logLevel: 'warn',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port: 0 },
  }).catch((error: unknown) => {
    throw new Error(`Serving ${dist}/ (${folder}/) failed; run \`npm run build:visual\` first.`, {
      cause: error,
    });
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error(`The preview server of ${dist}/ gave no address.`);
  return { url, close: () => server.close() };
}

/**
 * Fixtures that point a test's `baseURL` at `specimen`'s build, served once per worker; without a
 * specimen, the configured site (the owner's build) stays.
 */
export function servedFrom(
  specimen: Specimen | undefined,
): Fixtures<object, { specimenUrl: string | undefined }, Pick<PlaywrightTestOptions, 'baseURL'>> {
  return {
    specimenUrl: [
      // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; it needs none
      async ({}, provide) => {
        if (!specimen) return provide(undefined);
        const server = await serveSpecimen(specimen);
        await provide(server.url);
        await server.close();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ specimenUrl, baseURL }, provide) => provide(specimenUrl ?? baseURL),
  };
}
