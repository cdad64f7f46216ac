import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DICTIONARIES, text, type Dictionary } from '../../e2e/support/translations.ts';
import { copyProject, writeTexts } from '../../testing/content-copy.ts';
import { CONTENT_HASH } from '../../hosting/header-policy.ts';

/** The heading a variant build changes: on the home page, in both languages. */
export const CHANGED_KEY = 'contact.title';

const changed = (dictionary: Dictionary, mark: string): Dictionary => {
  const copy = structuredClone(dictionary);
  const group = copy.contact as Dictionary;
  group.title = `${text(dictionary, CHANGED_KEY)} (${mark})`;
  return copy;
};

/** The texts of the variant marked `mark`. */
export const variantTexts = (mark: string) => ({
  de: changed(DICTIONARIES.de, mark),
  en: changed(DICTIONARIES.en, mark),
});

/**
 * The project built with the heading marked `mark`: other hashed file names than dist/. Returns
 * the build folder; its parent is a copy of the project, for the caller to remove.
 */
export function buildVariant(mark: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'deploy-variant-'));
  copyProject(copy);
  writeTexts(copy, variantTexts(mark));
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: copy,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The build of variant ${mark} failed:\n${build.stderr}`);
  return join(copy, 'dist');
}

const HASHED_REFERENCE = new RegExp(`[\\w.-]+-${CONTENT_HASH}\\.(?:js|css|svg)`, 'g');

/**
 * The content-named files the site's documents name, directly or through a script they load,
 * that the folder lacks: a visitor would get a 404 for each.
 */
export function missingReferences(site: string): string[] {
  const assets = new Set(readdirSync(join(site, 'assets')));
  const documents = ['index.html', 'de/index.html', 'en/index.html', '404.html'];
  const missing = new Set<string>();
  const seen = new Set<string>();
  const follow = (file: string) => {
    const content = readFileSync(file, 'utf8');
    for (const name of content.match(HASHED_REFERENCE) ?? []) {
      if (seen.has(name)) continue;
      seen.add(name);
      if (!assets.has(name)) missing.add(name);
      else if (name.endsWith('.js')) follow(join(site, 'assets', name));
    }
  };
  for (const document of documents) {
    if (statSync(join(site, document), { throwIfNoEntry: false })) follow(join(site, document));
    else missing.add(document);
  }
  return [...missing].toSorted();
}
