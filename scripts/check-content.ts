/**
 * `npm run check:content`: checks the translation files and the business facts in seconds, without
 * a build. Exits 1 on an error; warnings alone pass, and so does the notice of an aged list.
 */
import { readFileSync } from 'node:fs';
import {
  adequacyNotice,
  BUSINESS_FILE,
  checkContent,
} from '../site-build/content-check/content-check.ts';
import {
  contentProblem,
  formatProblem,
  loadTranslationFiles,
  type ContentProblem,
} from '../site-build/content-check/translation-files.ts';
import { findUsedKeys } from '../site-build/content-check/used-keys.ts';

const started = performance.now();
const files = loadTranslationFiles();

let facts: unknown;
const loadProblems: ContentProblem[] = [];
try {
  ({ business: facts } = (await import('../src/content/business.ts')) as { business: unknown });
} catch (error) {
  // A syntax error in business.ts: the message of the TypeScript loader names line and column.
  const reason = error instanceof Error ? error.message : String(error);
  loadProblems.push(contentProblem('error', BUSINESS_FILE, `cannot be read: ${reason}`));
}

const readable = Object.values(files).every((file) => file.dictionary);
const problems = [
  ...loadProblems,
  ...checkContent({
    files,
    facts: facts ?? {},
    businessSource: readFileSync(BUSINESS_FILE, 'utf8'),
    ...(readable ? { usedKeys: findUsedKeys() } : {}),
  }).filter((problem) => facts !== undefined || problem.file !== BUSINESS_FILE),
];

for (const problem of problems) {
  console.log(`${problem.severity === 'error' ? 'error  ' : 'warning'} ${formatProblem(problem)}`);
}
// A notice of age is no problem of the content: it neither fails nor counts.
const notice = adequacyNotice(new Date());
if (notice !== null) console.log(`notice  ${notice}`);
const errors = problems.filter((problem) => problem.severity === 'error').length;
const warnings = problems.length - errors;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (!readable) {
  console.log('(Which keys the site uses is checked once both translation files are valid JSON.)');
}
console.log(
  problems.length === 0
    ? `check:content: the translation files and the business facts are fine (${seconds} s).`
    : `check:content: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${seconds} s).`,
);
process.exitCode = errors > 0 ? 1 : 0;
