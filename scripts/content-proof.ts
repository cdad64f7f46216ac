/**
 * `npm run test:content-proof`: the tests hold the site's behaviour, not the owner's content; what it
 * changes and checks is in docs/architecture.md ("Tests hold the behaviour, not the example").
 *
 *   --seed N  repeats the random edits of seed N (a failed run keeps its copy)
 *   --full    every browser test but the visual ones, the HTML check, the server tests, and a build
 *             stopped at the CSP check
 *   --audit   fails naming each browser test that reads the content but lacks `READS_CONTENT`
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { JSONReport, JSONReportSpec, JSONReportSuite } from '@playwright/test/reporter';
import { business } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import { BUSINESS_FILE } from '../site-build/content-check/content-check.ts';
import {
  readTranslationFiles,
  TRANSLATION_FILES,
} from '../site-build/content-check/translation-files.ts';
import { copyProject, ROOT, writeFacts, writeTexts } from '../testing/content-copy.ts';
import { randomEdits, seededRandom } from '../testing/random-edits.ts';
import { freePort } from '../testing/servers.ts';
import { otherFacts, otherTexts, replacedValues } from '../testing/shifted-content.ts';

const { values: options } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    audit: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});
const SEED = options.seed === undefined ? randomInt(2 ** 31) : Number(options.seed);
if (!Number.isSafeInteger(SEED))
  throw new Error(`--seed takes a whole number, not ${options.seed}`);

/** The owner's facts and texts with the random edits; then every fact and changed group shifted. */
const EDITED = randomEdits(readTranslationFiles(), seededRandom(SEED));
const OWNER = { facts: business as Business, texts: EDITED.texts };
const CHANGED = { facts: otherFacts(business), texts: otherTexts(OWNER.texts) };

/** The tag of the browser tests whose outcome depends on the content (`READS_CONTENT`). */
const CONTENT_TAG = 'content';

const copy = mkdtempSync(join(tmpdir(), 'content-proof-'));
// A port of its own for the copy's preview server.
const env = { ...process.env, E2E_PORT: String(await freePort()) };
const stages: { name: string; seconds: number }[] = [];

/** Runs `command` in the copy, timed; throws when it fails, unless `capture` returns its output. */
function run(name: string, command: string, { capture = false } = {}) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = performance.now();
  const [program = '', ...args] = command.split(' ');
  const result = spawnSync(program, args, {
    cwd: copy,
    env,
    encoding: 'utf8',
    stdio: capture ? 'pipe' : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  stages.push({ name, seconds });
  console.log(`◀ ${name}: ${result.status === 0 ? 'passed' : 'failed'} in ${seconds.toFixed(1)} s`);
  if (result.status !== 0 && !capture)
    throw new Error(`${name} failed in the changed copy (see above).`);
  return result;
}

const build = (name = 'build') => run(name, 'npx vite build --logLevel warn');
const npmRun = (script: string, name = script) => run(name, `npm run ${script}`);

/** Every file below `dir`, relative to it. */
const filesBelow = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .toSorted();

/** Breaks `file` of the copy, expects the build to stop naming `expected` and leave dist/ alone. */
function expectStoppedBuild(
  name: string,
  file: string,
  breakIt: (text: string) => string,
  expected: RegExp,
) {
  const path = join(copy, file);
  const original = readFileSync(path, 'utf8');
  const broken = breakIt(original);
  if (broken === original) throw new Error(`${name}: could not break ${file}`);
  const dist = join(copy, 'dist');
  const stamp = (each: string) => {
    const { size, mtimeMs } = statSync(join(dist, each));
    return `${each} ${size} ${mtimeMs}`;
  };
  const snapshot = () => filesBelow(dist).map(stamp).join('\n');
  const before = snapshot();
  writeFileSync(path, broken);
  try {
    const result = run(name, 'npx vite build', { capture: true });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status === 0) throw new Error(`${name}: the build did not stop`);
    const named = expected.exec(output);
    if (!named)
      throw new Error(
        `${name}: the build stopped without naming ${expected}:\n${output.slice(-3000)}`,
      );
    console.log(`  stopped as it should: ${named[0]}`);
    if (snapshot() !== before) throw new Error(`${name}: the stopped build changed dist/`);
    console.log('  dist/ is as the last good build left it.');
  } finally {
    writeFileSync(path, original);
  }
}

/** Every browser test file but the visual one, which draws its own specimen. */
const browserSpecs = () =>
  readdirSync(join(copy, 'e2e'))
    .filter((file) => file.endsWith('.spec.ts') && file !== 'visual.spec.ts')
    .map((file) => `e2e/${file}`)
    .join(' ');

const specsOf = (suite: JSONReportSuite): JSONReportSpec[] =>
  suite.specs.concat((suite.suites ?? []).flatMap(specsOf));
const specName = (spec: JSONReportSpec) => `e2e/${spec.file}:${spec.line} ${spec.title}`;

/**
 * `--audit`: serves the changed build while the tests read the owner's content again, so a test
 * that fails compares what the site shows with the content, and must be tagged. A tagged test that
 * passes is only a hint: a tag on a parametrised test covers all its cases.
 */
function auditTags() {
  build();
  for (const file of [BUSINESS_FILE, ...Object.values(TRANSLATION_FILES)]) {
    cpSync(join(ROOT, file), join(copy, file));
  }
  const result = run(
    'every browser test on the changed build, reading the example content',
    `npx playwright test --reporter=json ${browserSpecs()}`,
    { capture: true },
  );
  let report: JSONReport;
  try {
    report = JSON.parse(result.stdout) as JSONReport;
  } catch {
    throw new Error(`Playwright gave no report:\n${result.stderr.slice(-3000)}`);
  }
  const every = report.suites.flatMap(specsOf);
  const failed = every.filter((spec) => !spec.ok);
  const dependent = new Set(failed.map(specName));
  const untagged = new Set(failed.filter((spec) => !spec.tags.includes(CONTENT_TAG)).map(specName));
  const hints = new Set(
    every
      .filter((spec) => spec.ok && spec.tags.includes(CONTENT_TAG))
      .map(specName)
      .filter((each) => !dependent.has(each)),
  );
  console.log(
    `${failed.length} browser tests (${dependent.size} distinct names) depend on the content.`,
  );
  if (hints.size > 0)
    console.log(
      `Tagged, but passed with the other content (a hint):\n  ${[...hints].join('\n  ')}`,
    );
  if (untagged.size > 0) {
    throw new Error(
      `These tests depend on the content but lack READS_CONTENT (e2e/support/fixtures.ts), so the ` +
        `proof does not run them:\n  ${[...untagged].join('\n  ')}`,
    );
  }
  console.log('Every one of them is tagged @content.');
}

function proveContent() {
  // The unit tests that import the facts or read the translation files, found by Vite's graph.
  run(
    'unit tests that read the content',
    `npx vitest related --run ${BUSINESS_FILE} site-build/content-check/translation-files.ts`,
  );
  build();
  const values = replacedValues(OWNER, CHANGED);
  const dist = join(copy, 'dist');
  const leaks = filesBelow(dist)
    .filter((file) => /\.(html|js|css|json|txt|xml|webmanifest|vcf)$|(^|\/)_headers$/.test(file))
    .flatMap((file) => {
      const text = readFileSync(join(dist, file), 'utf8');
      return values
        .filter((value) => text.includes(value))
        .map((value) => `${file}: ${JSON.stringify(value)}`);
    });
  if (leaks.length > 0)
    throw new Error(`The build still holds the replaced content:\n  ${leaks.join('\n  ')}`);
  console.log('The build holds none of the replaced facts and texts.');

  // It stops in the content check, the build's first step, so it costs a second or two.
  expectStoppedBuild(
    'a build with a trailing comma',
    'public/assets/i18n/de.json',
    (text) => text.replace(/("homeLink": "[^"]*")(\n\s*\}\n\}\s*)$/, '$1,$2'),
    /public\/assets\/i18n\/de\.json:\d+:\d+: a comma after the last entry of a group/,
  );

  if (options.full) {
    // The whole way from a server file that drifted to a build that stops and leaves dist/ alone.
    expectStoppedBuild(
      'a build stopped at the CSP check',
      'hosting/nginx/security-headers.conf',
      (text) =>
        text.replace(/'sha256-[^']+'/, "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"),
      /The server configurations in hosting\/ do not match/,
    );
    run('browser tests', `npx playwright test ${browserSpecs()}`);
    npmRun('check:html');
    npmRun('test:servers');
  } else {
    run('browser tests', `npx playwright test --grep @${CONTENT_TAG}`);
    npmRun('check:content');
  }

  // The owner's own facts with the random edits alone, as an owner edits: the shifted texts
  // compress worse than any language, which is no edit of theirs.
  cpSync(join(ROOT, BUSINESS_FILE), join(copy, BUSINESS_FILE));
  writeTexts(copy, OWNER.texts);
  build('build with the random edits');
  for (const script of ['check:content', 'check:budget']) npmRun(script, `${script}, random edits`);
}

/** A host name without its leading `www.`: the server configurations name both. */
const bare = (host: string) => host.replace(/^www\./, '');
const started = performance.now();
console.log(
  `Content proof in ${copy} (${options.audit ? 'the audit of the tags' : options.full ? 'every suite' : 'what npm test runs'})`,
);
let passed = false;
try {
  copyProject(copy);
  writeFacts(copy, CHANGED.facts);
  writeTexts(copy, CHANGED.texts);
  // The server configurations name the site's host, which the owner fills in when deploying.
  const host = new URL(CHANGED.facts.siteUrl).hostname;
  const ownerHost = new URL(business.siteUrl).hostname;
  for (const file of ['hosting/nginx/site.conf', 'hosting/apache/site.conf']) {
    const text = readFileSync(join(copy, file), 'utf8');
    const changed = text.replaceAll(ownerHost, host).replaceAll(bare(ownerHost), bare(host));
    writeFileSync(join(copy, file), changed);
  }
  stages.push({ name: 'copy and change', seconds: (performance.now() - started) / 1000 });
  console.log(
    `Changed ${Object.keys(CHANGED.facts).length} business facts (name "${CHANGED.facts.name}", ` +
      `${(CHANGED.facts.managingDirectors ?? []).length} managing directors, ${CHANGED.facts.siteUrl}, …) and ` +
      `the service names and carousel sentences in both languages.`,
  );
  console.log(
    `Random edits from seed ${SEED} (to repeat them: npm run test:content-proof -- --seed ${SEED}):`,
  );
  for (const { language, key, before, after } of EDITED.edits)
    console.log(`  ${language}.json ${key}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  if (options.audit) auditTags();
  else proveContent();
  passed = true;
} finally {
  console.log('\nStage times:');
  stages.push({ name: 'in all', seconds: (performance.now() - started) / 1000 });
  for (const { name, seconds } of stages)
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
  if (!passed) console.log(`The changed copy stays in ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
console.log(
  `\nContent proof passed: with other facts and texts, ${options.full ? 'every suite but the visual one' : 'the build and the tests that read the content'} pass.`,
);
