/**
 * `npm run build:visual`: builds the site from each specimen in e2e/ (business facts and both
 * translation files) into a folder of its own, which the visual and layout tests serve. The
 * pictures then hold the design alone: the owner's facts and texts never reach them, while every
 * style, component and layout is the project's own. Each build runs in a temporary copy of the
 * project, so the owner's files and dist/ are never touched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPECIMENS, type Specimen } from '../e2e/support/specimens.ts';
import type { Dictionary } from '../src/i18n/translate.ts';
import { copyProject, ROOT, writeFacts, writeTexts } from './content-copy.ts';

function build({ folder, dist, business }: Specimen) {
  const readTexts = (language: 'de' | 'en') =>
    JSON.parse(readFileSync(join(ROOT, folder, `${language}.json`), 'utf8')) as Dictionary;
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
