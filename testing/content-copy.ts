import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Business } from '../src/content/business-schema.ts';
import { BUSINESS_FILE } from '../site-build/content-check/content-check.ts';
import { LANGUAGES } from '../src/i18n/language.ts';
import {
  TRANSLATION_FILES,
  type Translations,
} from '../site-build/content-check/translation-files.ts';

// A copy of the project, so that the visual specimens and the content proof build the site from
// other facts and texts without touching the owner's files.

export const ROOT = join(import.meta.dirname, '..');

/** What is not copied: installed packages, build output, test output, git, the baselines. */
const NOT_COPIED =
  /^(node_modules|dist|dist-visual|dist-long|\.git|test-results|playwright-report|bench-results)(\/|$)|^e2e\/__screenshots__/;
/** The caches in node_modules that each copy keeps to itself (build, type check, tests). */
const OWN_CACHES = new Set(['.cache', '.vite', '.vite-temp', '.tmp']);

/** The project's files in `copy`, its installed packages linked (each copy keeps its caches). */
export function copyProject(copy: string): void {
  cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => !NOT_COPIED.test(relative(ROOT, source)),
  });
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (OWN_CACHES.has(entry)) continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
}

/** A translation file as JSON holds it, open to change. */
export type WritableDictionary = { [key: string]: string | WritableDictionary };

/** Every string in `value`, however deep: the texts of a fact set or a translation file. */
export const leafStrings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(leafStrings)
      : [];

/** Puts `facts` in place of the `business` object of the copy's business.ts (its helpers stay). */
export function writeFacts(copy: string, facts: Business): void {
  const file = join(copy, BUSINESS_FILE);
  const source = readFileSync(file, 'utf8');
  const object = /export const business = \{[\s\S]*?\} as const satisfies Business;/;
  if (!object.test(source)) throw new Error(`${BUSINESS_FILE} no longer has \`business = {…}\``);
  const written = `export const business = ${JSON.stringify(facts, null, 2)} as const satisfies Business;`;
  writeFileSync(
    file,
    source.replace(object, () => written),
  );
}

export function writeTexts(copy: string, texts: Translations): void {
  for (const language of LANGUAGES) {
    writeFileSync(
      join(copy, TRANSLATION_FILES[language]),
      `${JSON.stringify(texts[language], null, 2)}\n`,
    );
  }
}
