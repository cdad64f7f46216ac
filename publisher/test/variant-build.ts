import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DICTIONARIES, text, type Dictionary } from '../../e2e/support/translations.ts';
import { copyProject, writeTexts } from '../../testing/content-copy.ts';
import { CONTENT_HASH } from '../../hosting/header-policy.ts';
import { REPO_ROOT } from '../../testing/servers.ts';

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

/** The variants the publisher's tests publish beside dist/. */
export const VARIANT_MARKS = ['B', 'C'] as const;
type Mark = (typeof VARIANT_MARKS)[number];

/**
 * Outside the project, which cannot be copied into itself, and apart for each checkout; each run's
 * setup builds them afresh.
 */
const VARIANTS = join(
  tmpdir(),
  `variant-builds-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 8)}`,
);

/** The build folder of the variant marked `mark`, which the setup project builds. */
export const variantBuild = (mark: Mark) => join(VARIANTS, mark, 'dist');

/** The project built with the heading marked `mark`: other hashed file names than dist/. */
export async function buildVariant(mark: Mark): Promise<void> {
  const copy = join(VARIANTS, mark);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  copyProject(copy);
  writeTexts(copy, variantTexts(mark));
  await promisify(execFile)('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: copy }).catch(
    (error: { stderr?: string }) => {
      throw new Error(`The build of variant ${mark} failed:\n${error.stderr}`);
    },
  );
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
