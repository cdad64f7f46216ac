/**
 * `npm run build:visual`: builds the site from each specimen's facts and texts, in a copy of the
 * project, into a folder the visual and layout tests serve: the pictures then hold the design
 * alone, never the owner's content. A key the site shows that a specimen lacks stops it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPECIMENS, type Specimen } from '../e2e/support/specimens.ts';
import type { Language } from '../src/i18n/language.ts';
import type { Dictionary } from '../src/i18n/translate.ts';
import { findUsedKeys } from '../site-build/content-check/used-keys.ts';
import { copyProject, ROOT, writeFacts, writeTexts } from '../testing/content-copy.ts';
import { specimenTexts } from '../testing/specimen-texts.ts';

const SHOWN = findUsedKeys(ROOT).shown;

function build({ folder, dist, business }: Specimen) {
  const readTexts = (language: Language) => {
    const file = `${folder}/${language}.json`;
    const own = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Dictionary;
    const { texts, derived, missing } = specimenTexts(own, SHOWN);
    if (missing.length > 0) {
      throw new Error(
        `${file} lacks ${missing.map((key) => `"${key}"`).join(', ')}, which the site shows: add ${missing.length === 1 ? 'it' : 'them'} in the specimen's own words, or the pictures would show the key itself.`,
      );
    }
    if (derived.length > 0) {
      console.log(`${file}: drawn with the words of another area or item: ${derived.join(', ')}`);
    }
    return texts;
  };
  const copy = mkdtempSync(join(tmpdir(), 'specimen-'));
  try {
    copyProject(copy);
    writeFacts(copy, business);
    writeTexts(copy, { de: readTexts('de'), en: readTexts('en') });
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: copy,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`The build of ${folder}/ failed (see above).`);
    rmSync(join(ROOT, dist), { recursive: true, force: true });
    cpSync(join(copy, 'dist'), join(ROOT, dist), { recursive: true });
    console.log(`The specimen of ${folder}/ is in ${dist}/.`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

for (const specimen of Object.values(SPECIMENS)) build(specimen);
