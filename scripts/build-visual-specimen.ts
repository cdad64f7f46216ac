/**
 * `npm run build:visual`: builds the site from the visual tests' specimen (e2e/visual-specimen/:
 * business facts and both translation files) into dist-visual/, which e2e/visual.spec.ts serves.
 * The pictures then hold the design alone: the owner's facts and texts never reach them, while
 * every style, component and layout is the project's own. It builds in a temporary copy of the
 * project, so the owner's files and dist/ are never touched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specimenBusiness } from '../e2e/visual-specimen/business.ts';
import type { Dictionary } from '../src/i18n/translate.ts';
import { copyProject, ROOT, writeFacts, writeTexts } from './content-copy.ts';

export const SPECIMEN_DIST = 'dist-visual';

const readSpecimen = (language: 'de' | 'en') =>
  JSON.parse(
    readFileSync(join(ROOT, `e2e/visual-specimen/${language}.json`), 'utf8'),
  ) as Dictionary;

const copy = mkdtempSync(join(tmpdir(), 'visual-specimen-'));
try {
  copyProject(copy);
  writeFacts(copy, specimenBusiness);
  writeTexts(copy, { de: readSpecimen('de'), en: readSpecimen('en') });
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: copy,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The build of the visual specimen failed (see above).');
  rmSync(join(ROOT, SPECIMEN_DIST), { recursive: true, force: true });
  cpSync(join(copy, 'dist'), join(ROOT, SPECIMEN_DIST), { recursive: true });
  console.log(`The visual specimen is in ${SPECIMEN_DIST}/.`);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
