/**
 * `npm run test:content-proof`: the proof that the tests hold the site's behaviour, not the owner's
 * content. It copies the project to a temporary folder, changes every business fact and every
 * service name and carousel sentence in both languages (as an owner would), builds the site once
 * and runs the tests whose outcome depends on the content there: the unit tests that import the
 * facts or read the translation files (`vitest related`) and the browser tests tagged `@content`
 * (`READS_CONTENT`) and the content check. They must pass, and no example value may be left in
 * the build. It also breaks a translation file (a trailing comma), which must stop the build
 * before it writes.
 *
 * Before shifting, it makes random edits of its own, as an owner would: words swapped and
 * sentences added in texts chosen at random (testing/random-edits.ts). At the end it builds the
 * owner's facts and texts with these edits alone and runs the content check and the byte budget
 * on them. The seed is printed, and `--seed N` repeats the same edits.
 *
 * The new values are derived from the current ones so that each always differs from it, whatever
 * the owner wrote: every letter moves one on in the alphabet (`Muster IT` → `Nvtufs JU`), every
 * digit one up (`12345` → `23456`); the legal form, the kind of hosting and the number of managing
 * directors change too. The brand colours stay: a derived colour could miss WCAG AA, and the visual
 * tests, not this proof, pin the look.
 *
 * `--full` runs every browser test but the visual ones (which draw their own specimen,
 * e2e/visual-specimen/), and the byte budget, the HTML check and the server tests too. `--audit`
 * checks the tags: see {@link auditTags}. `--keep` keeps the temporary folder.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
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
import { business as current } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import { LANGUAGES } from '../src/i18n/language.ts';
import { entryAt, type Dictionary } from '../src/i18n/translate.ts';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  SWISS_MAILBOX_TO_US,
} from '../src/test/hosting-examples.ts';
import { EU_EEA_COUNTRIES } from '../src/content/eu-eea.ts';
import { SERVICE_AREAS } from '../src/content/home-sections.ts';
import { randomInt } from 'node:crypto';
import { readTranslationFiles } from '../site-build/content-check/translation-files.ts';
import { randomEdits, seededRandom } from '../testing/random-edits.ts';
import { freePort } from '../testing/servers.ts';
import {
  BUSINESS_FILE,
  copyProject,
  leafStrings,
  ROOT,
  writeFacts,
  writeTexts,
} from '../testing/content-copy.ts';

const { values: options } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    audit: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/**
 * `text` with every ASCII letter one on (z → a, case kept) and every digit one up (9 → 0); a
 * `{placeholder}` stays as it is, as the site fills it in.
 */
function shifted(text: string): string {
  return text.replace(/\{\w+\}|[a-z\d]/gi, (character) => {
    if (character.length > 1) return character;
    if (/\d/.test(character)) return String((Number(character) + 1) % 10);
    const lower = character.toLowerCase();
    const next = ALPHABET[(ALPHABET.indexOf(lower) + 1) % ALPHABET.length] ?? lower;
    return character === lower ? next : next.toUpperCase();
  });
}

/** A host name with every label shifted but the top-level domain (and a leading `www`). */
const shiftedHost = (host: string) =>
  host
    .split('.')
    .map((label, index, labels) =>
      index === labels.length - 1 || (index === 0 && label === 'www') ? label : shifted(label),
    )
    .join('.');
const shiftedUrl = (url: string) => {
  const parsed = new URL(url);
  parsed.hostname = shiftedHost(parsed.hostname);
  return parsed.href;
};
const dayBefore = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Other valid facts, each differing from the owner's (see the comment at the top). */
function otherFacts(facts: Business): Business {
  const [local = '', domain = ''] = facts.email.split('@');
  return {
    name: shifted(facts.name),
    legalForm: facts.legalForm === 'GmbH' ? 'UG (haftungsbeschränkt)' : 'GmbH',
    owner: shifted(facts.owner),
    // The country code stays, so that the number stays a German one.
    phone: facts.phone.replace(
      /^(\+\d\d)?(.*)$/,
      (_, code = '', rest: string) => code + shifted(rest),
    ),
    email: `${shifted(local)}@${shiftedHost(domain)}`,
    street: shifted(facts.street),
    postalCode: shifted(facts.postalCode),
    town: shifted(facts.town),
    vatId: `DE${shifted((facts.vatId ?? 'DE123456789').slice(2))}`,
    registerCourt: shifted(facts.registerCourt ?? 'Amtsgericht Musterstadt'),
    // A GmbH or UG whatever the owner's form: entered in part B of the register.
    registerNumber: `HRB ${shifted((facts.registerNumber ?? '12345').replace(/\D/g, '') || '12345')}`,
    siteUrl: shiftedUrl(facts.siteUrl),
    // One director more than before, so that the imprint names one and more than one alike.
    managingDirectors: [...(facts.managingDirectors ?? []).map(shifted), shifted(facts.owner)],
    // The other kind of hosting, so that the privacy statement shows the other paragraphs.
    hosting: facts.hosting.kind === 'server' ? CLOUDFLARE_PAGES : EU_SERVER,
    // A mailbox on the other side of the EU's border, so that the e-mails' transfer (or its
    // absence) and a country's name change too.
    mailProvider:
      !EU_EEA_COUNTRIES.has(facts.mailProvider.country) || 'transfers' in facts.mailProvider
        ? {
            ...EU_MAILBOX,
            name: shifted(facts.mailProvider.name),
            address: shifted(facts.mailProvider.address),
          }
        : SWISS_MAILBOX_TO_US,
    supervisoryAuthority: {
      name: shifted(facts.supervisoryAuthority.name),
      url: shiftedUrl(facts.supervisoryAuthority.url),
    },
    privacyUpdated: dayBefore(facts.privacyUpdated),
    brand: { ...facts.brand, mark: shifted(facts.brand.mark) },
  };
}

/** The groups whose texts the proof changes: the service names and the carousel's sentences. */
const CHANGED_GROUPS = [...SERVICE_AREAS.map((area) => `${area}.items`), 'carousel'];

/** A copy of `dictionary` with every text of the changed groups shifted. */
function otherTexts(dictionary: Dictionary, path = ''): Dictionary {
  if (path === '') {
    const missing = CHANGED_GROUPS.find((group) => typeof entryAt(dictionary, group) !== 'object');
    if (missing) throw new Error(`The translation files have no group ${missing}`);
  }
  return Object.fromEntries(
    Object.entries(dictionary).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? CHANGED_GROUPS.includes(path)
          ? shifted(value)
          : value
        : otherTexts(value, path ? `${path}.${key}` : key),
    ]),
  );
}

const TEXTS = readTranslationFiles();
const FACTS = otherFacts(current);
const SEED = options.seed === undefined ? randomInt(2 ** 31) : Number(options.seed);
if (!Number.isSafeInteger(SEED))
  throw new Error(`--seed takes a whole number, not ${options.seed}`);
/** The owner's texts with the random edits; then with the changed groups shifted. */
const EDITED = randomEdits(TEXTS, seededRandom(SEED));
const SHIFTED = { de: otherTexts(EDITED.texts.de), en: otherTexts(EDITED.texts.en) };

/** The tag of the browser tests whose outcome depends on the content (`READS_CONTENT`). */
const CONTENT_TAG = '@content';
const VISUAL_SPEC = 'e2e/visual.spec.ts';
/** The files that hold the content (the server configurations only name the site's host). */
const CONTENT_FILES = [
  'src/content/business.ts',
  'public/assets/i18n/de.json',
  'public/assets/i18n/en.json',
];
/** The server configurations that name the site's host. */
const DEPLOY_CONFIGS = ['hosting/nginx/site.conf', 'hosting/apache/site.conf'];

interface Stage {
  name: string;
  seconds: number;
}
const stages: Stage[] = [];

function run(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  capture = false,
): SpawnSyncReturns<string> {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: capture ? 'pipe' : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  stages.push({ name, seconds });
  console.log(`◀ ${name}: ${result.status === 0 ? 'passed' : 'failed'} in ${seconds.toFixed(1)} s`);
  return result;
}

function mustPass(result: SpawnSyncReturns<string>, name: string) {
  if (result.status !== 0) throw new Error(`${name} failed in the changed copy (see above).`);
}

/** Changes the facts in business.ts and the texts in both translation files of `copy`. */
function changeContent(copy: string) {
  writeFacts(copy, FACTS);
  writeTexts(copy, SHIFTED);
  // The server configurations name the site's host (a redirect goes to it); the owner fills them in
  // when deploying, as the deploy tests check against the facts.
  const host = new URL(FACTS.siteUrl).hostname;
  const currentHost = new URL(current.siteUrl).hostname;
  for (const file of DEPLOY_CONFIGS) {
    const path = join(copy, file);
    const text = readFileSync(path, 'utf8');
    writeFileSync(
      path,
      text
        .replaceAll(currentHost, host)
        .replaceAll(currentHost.replace(/^www\./, ''), host.replace(/^www\./, '')),
    );
  }
}

/** The owner's facts as the schema types them: a field the legal form lacks is undefined. */
const owned: Business = current;

/** The owner's values the change replaced: none of them may be left in the built site. */
function replacedValues(): string[] {
  const texts = LANGUAGES.flatMap((language) =>
    CHANGED_GROUPS.flatMap((path) => {
      const group = entryAt(EDITED.texts[language], path);
      return typeof group === 'object' ? Object.values(group) : [];
    }),
  );
  const facts = [
    current.name,
    current.owner,
    current.phone,
    current.email,
    current.street,
    ...[owned.vatId, owned.registerNumber, owned.registerCourt].filter(
      (value): value is string => value !== undefined,
    ),
    current.hosting.name,
    current.mailProvider.name,
    current.supervisoryAuthority.name,
    current.siteUrl,
  ];
  // A value the changed copy says itself is no leftover (a short one, such as a register number,
  // may stand inside a longer changed text).
  const changed = [...leafStrings(FACTS), ...leafStrings(SHIFTED)];
  return [...new Set([...facts, ...texts])].filter(
    (value): value is string =>
      typeof value === 'string' && !changed.some((each) => each.includes(value)),
  );
}

/** Text files of the build that still hold an example value, with the value. */
function leftovers(dist: string): string[] {
  const values = replacedValues();
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(html|js|css|json|txt|xml|webmanifest|vcf)$|^_headers$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const value of values) {
          if (text.includes(value)) found.push(`${relative(dist, path)}: ${JSON.stringify(value)}`);
        }
      }
    }
  };
  walk(dist);
  return found;
}

/** Every file of dist/ with its size and time, to see that a stopped build left it alone. */
function snapshot(dist: string): string {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).toSorted((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else lines.push(`${relative(dist, path)} ${statSync(path).size} ${statSync(path).mtimeMs}`);
    }
  };
  walk(dist);
  return lines.join('\n');
}

/** Breaks the copy with `breakIt`, expects `vite build` to stop naming `expected`, then mends it. */
function expectStoppedBuild(
  copy: string,
  env: NodeJS.ProcessEnv,
  name: string,
  file: string,
  breakIt: (text: string) => string,
  expected: RegExp,
) {
  const path = join(copy, file);
  const original = readFileSync(path, 'utf8');
  const broken = breakIt(original);
  if (broken === original) throw new Error(`${name}: could not break ${file}`);
  const before = snapshot(join(copy, 'dist'));
  writeFileSync(path, broken);
  try {
    const result = run(name, 'npx', ['vite', 'build'], copy, env, true);
    const output = `${result.stdout}${result.stderr}`;
    if (result.status === 0) throw new Error(`${name}: the build did not stop`);
    if (!expected.test(output)) {
      throw new Error(
        `${name}: the build stopped without naming ${expected}:\n${output.slice(-3000)}`,
      );
    }
    console.log(`  stopped as it should: ${expected.exec(output)?.[0]}`);
    if (snapshot(join(copy, 'dist')) !== before) {
      throw new Error(`${name}: the stopped build changed dist/`);
    }
    console.log('  dist/ is as the last good build left it.');
  } finally {
    writeFileSync(path, original);
  }
}

/** Every browser test file but the visual one. */
function browserSpecs(copy: string): string[] {
  return readdirSync(join(copy, 'e2e'))
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => `e2e/${file}`)
    .filter((file) => file !== VISUAL_SPEC);
}

interface ReportSuite {
  specs?: { title: string; file: string; line: number; tags: string[]; ok: boolean }[];
  suites?: ReportSuite[];
}

/**
 * `--audit`: finds the browser tests whose outcome depends on the content, the ones the proof has
 * to run. It serves the build of the changed content while the tests read the example content
 * again, and runs every browser test but the visual ones: a test that fails compares what the site
 * shows with the content. Each of those must be tagged `@content`; the audit fails naming any that
 * is not. Tagged tests that pass here are listed as a hint only: a tag on a parametrised test
 * covers all its cases, and some need it for one case only.
 */
function auditTags(copy: string, env: NodeJS.ProcessEnv) {
  for (const file of CONTENT_FILES) cpSync(join(ROOT, file), join(copy, file));
  const result = run(
    'every browser test on the changed build, reading the example content',
    'npx',
    ['playwright', 'test', '--reporter=json', ...browserSpecs(copy)],
    copy,
    env,
    true,
  );
  let report: ReportSuite;
  try {
    report = JSON.parse(result.stdout) as ReportSuite;
  } catch {
    throw new Error(`Playwright gave no report:\n${result.stderr.slice(-3000)}`);
  }
  const dependent = new Set<string>();
  const independentButTagged = new Set<string>();
  const untagged = new Set<string>();
  let failed = 0;
  const walk = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) {
      const name = `e2e/${spec.file}:${spec.line} ${spec.title}`;
      const tagged = spec.tags.includes(CONTENT_TAG.slice(1));
      if (!spec.ok) {
        failed += 1;
        dependent.add(name);
      }
      if (!spec.ok && !tagged) untagged.add(name);
      if (spec.ok && tagged) independentButTagged.add(name);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  walk(report);
  for (const name of dependent) independentButTagged.delete(name);
  console.log(`${failed} browser tests (${dependent.size} distinct names) depend on the content.`);
  if (independentButTagged.size > 0) {
    console.log(
      `Tagged, but passed with the other content (a hint):\n  ${[...independentButTagged].join('\n  ')}`,
    );
  }
  if (untagged.size > 0) {
    throw new Error(
      `These tests depend on the content but lack READS_CONTENT (e2e/support/fixtures.ts), so the ` +
        `proof does not run them:\n  ${[...untagged].join('\n  ')}`,
    );
  }
  console.log('Every one of them is tagged @content.');
}

async function main() {
  const started = performance.now();
  const copy = mkdtempSync(join(tmpdir(), 'content-proof-'));
  const mode = options.audit
    ? 'the audit of the tags'
    : options.full
      ? 'every suite'
      : 'what npm test runs';
  console.log(`Content proof in ${copy} (${mode})`);
  let passed = false;
  try {
    const copyStarted = performance.now();
    copyProject(copy);
    changeContent(copy);
    stages.push({ name: 'copy and change', seconds: (performance.now() - copyStarted) / 1000 });
    console.log(
      `Changed ${Object.keys(FACTS).length} business facts (name "${FACTS.name}", ` +
        `${(FACTS.managingDirectors ?? []).length} managing directors, ${FACTS.siteUrl}, …) and ` +
        `the service names and carousel sentences in both languages.`,
    );
    console.log(
      `Random edits from seed ${SEED} (to repeat them: npm run test:content-proof -- --seed ${SEED}):\n` +
        EDITED.edits
          .map(
            ({ language, key, before, after }) =>
              `  ${language}.json ${key}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
          )
          .join('\n'),
    );
    // A port of its own for the copy's preview server.
    const env = { ...process.env, E2E_PORT: String(await freePort()) };

    if (options.audit) {
      mustPass(run('build', 'npx', ['vite', 'build'], copy, env), 'the build');
      auditTags(copy, env);
      passed = true;
      return;
    }

    // The unit tests that import the facts or read the translation files, found by Vite's graph.
    mustPass(
      run(
        'unit tests that read the content',
        'npx',
        [
          'vitest',
          'related',
          '--run',
          BUSINESS_FILE,
          'site-build/content-check/translation-files.ts',
        ],
        copy,
        env,
      ),
      'the unit tests',
    );
    mustPass(run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'], copy, env), 'the build');
    const leaks = leftovers(join(copy, 'dist'));
    if (leaks.length > 0) {
      throw new Error(`The build still holds the replaced content:\n  ${leaks.join('\n  ')}`);
    }
    console.log('The build holds none of the replaced facts and texts.');

    // It stops in the content check, the build's first step, so it costs a second or two.
    expectStoppedBuild(
      copy,
      env,
      'a build with a trailing comma',
      'public/assets/i18n/de.json',
      (text) => text.replace(/("homeLink": "[^"]*")(\n\s*\}\n\}\s*)$/, '$1,$2'),
      /public\/assets\/i18n\/de\.json:\d+:\d+: a comma after the last entry of a group/,
    );

    if (options.full) {
      // The header check's verdicts are unit tests (hosting/header-policy.test.ts); this is the
      // whole way, from a server file that drifted to a build that stops and leaves dist/ alone.
      expectStoppedBuild(
        copy,
        env,
        'a build stopped at the CSP check',
        'hosting/nginx/security-headers.conf',
        (text) =>
          text.replace(/'sha256-[^']+'/, "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"),
        /The server configurations in deploy\/ do not match/,
      );
      mustPass(
        run('browser tests', 'npx', ['playwright', 'test', ...browserSpecs(copy)], copy, env),
        'e2e',
      );
      for (const script of ['check:html', 'test:servers']) {
        mustPass(run(script, 'npm', ['run', script], copy, env), script);
      }
    } else {
      mustPass(
        run('browser tests', 'npx', ['playwright', 'test', '--grep', CONTENT_TAG], copy, env),
        'the browser tests',
      );
      mustPass(run('check:content', 'npm', ['run', 'check:content'], copy, env), 'check:content');
    }

    // The byte budget on the owner's own facts and texts with the random edits alone, as an owner
    // edits: the shifted texts above compress worse than any language, which is no edit of theirs.
    cpSync(join(ROOT, BUSINESS_FILE), join(copy, BUSINESS_FILE));
    writeTexts(copy, EDITED.texts);
    mustPass(
      run('build with the random edits', 'npx', ['vite', 'build', '--logLevel', 'warn'], copy, env),
      'the build with the random edits',
    );
    for (const script of ['check:content', 'check:budget']) {
      mustPass(run(`${script}, random edits`, 'npm', ['run', script], copy, env), script);
    }
    passed = true;
  } finally {
    console.log('\nStage times:');
    for (const { name, seconds } of stages)
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
    const total = (performance.now() - started) / 1000;
    console.log(`  ${total.toFixed(1).padStart(6)} s  in all`);
    if (options.keep || !passed) console.log(`The changed copy stays in ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
  console.log(
    `\nContent proof passed: with other facts and texts, ${options.full ? 'every suite but the visual one' : 'the build and the tests that read the content'} pass.`,
  );
}

await main();
