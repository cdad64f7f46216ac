/**
 * `npm run test:content-proof`: the proof that the tests hold the site's behaviour, not its example
 * content. It copies the project to a temporary folder, changes every business fact to other valid
 * values and every service name and carousel sentence in both languages (as an owner would), and
 * runs the checks and tests there: they must pass. It also breaks a build twice, early (a trailing
 * comma) and late (the CSP check), and checks that dist/ stays as it was.
 *
 * By default it runs what `npm test` runs: the content check, the type check, every unit test, the
 * build, and the browser tests whose outcome depends on the content (tagged `@content` with
 * `READS_CONTENT`). `--full` runs every browser test instead, and the byte budget, the HTML check
 * and the server tests too. Never the visual tests (e2e/visual.spec.ts): they are pictures of the
 * example content, and the changed one looks different by design. `--audit` checks the tags: see
 * {@link auditTags}. `--keep` keeps the temporary folder.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { business as example } from '../src/content/business.ts';
import type { Business } from '../src/content/business-schema.ts';
import { CLOUDFLARE_PAGES, SWISS_MAILBOX } from '../src/test/hosting-examples.ts';
import { freePort } from '../deploy/test/servers.ts';

const { values: options } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    audit: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const ROOT = join(import.meta.dirname, '..');

/** Other valid facts: another name (with an ampersand), legal form, two directors, host, brand… */
const FACTS: Business = {
  name: 'Kranich & Söhne Software',
  legalForm: 'UG (haftungsbeschränkt)',
  owner: 'Dr. Jana Kranich-Öztürk',
  phone: '+49 40 98765-43',
  email: 'hallo@kranich-software.de',
  street: 'Elbchaussee 42a',
  postalCode: '22763',
  town: 'Hamburg',
  vatId: 'DE987654321',
  registerCourt: 'Amtsgericht Hamburg',
  registerNumber: 'HRB 187654',
  siteUrl: 'https://www.kranich-software.de/',
  managingDirectors: ['Dr. Jana Kranich-Öztürk', 'Paul Weber'],
  // A network outside the EU, so that the changed copy shows the other hosting paragraphs.
  hosting: CLOUDFLARE_PAGES,
  // And a mailbox outside it, so that the e-mails' transfer and a country's name show too.
  mailProvider: SWISS_MAILBOX,
  supervisoryAuthority: {
    name: 'Der Hamburgische Beauftragte für Datenschutz und Informationsfreiheit',
    url: 'https://datenschutz-hamburg.de/',
  },
  privacyUpdated: '2027-03-01',
  brand: { accent: '#1d6b45', accentDark: '#7fd3a5', mark: 'KS' },
};

/**
 * Other service names (some an English term in both files, some translated) and other carousel
 * sentences, shorter and longer ones, in both languages.
 */
const TEXTS = {
  de: {
    'consulting.items.0': 'Prozessanalyse',
    'consulting.items.1': 'Cloud-Strategie',
    'consulting.items.2': 'Data Governance',
    'consulting.items.3': 'IT-Sicherheitsberatung',
    'development.items.0': 'Individualsoftware',
    'development.items.1': 'API Design',
    'development.items.2': 'Mobile Apps',
    'development.items.3': 'Wartung & Modernisierung',
    'carousel.0': 'Software, die Ihr Geschäft versteht.',
    'carousel.1':
      'Wir hören zuerst zu, dann bauen wir – und bleiben an Ihrer Seite, wenn es darauf ankommt.',
    'carousel.2': '„Klein anfangen, sauber wachsen.“',
    'carousel.3': 'Aus Hamburg für den Mittelstand: Beratung, Entwicklung und Betrieb.',
    'carousel.4': 'Ihre Daten bleiben Ihre Daten.',
  },
  en: {
    'consulting.items.0': 'Process Analysis',
    'consulting.items.1': 'Cloud Strategy',
    'consulting.items.2': 'Data Governance',
    'consulting.items.3': 'IT Security Consulting',
    'development.items.0': 'Custom Software',
    'development.items.1': 'API Design',
    'development.items.2': 'Mobile Apps',
    'development.items.3': 'Maintenance & Modernisation',
    'carousel.0': 'Software that understands your business.',
    'carousel.1': 'We listen first, then we build – and we stay at your side when it matters.',
    'carousel.2': '"Start small, grow cleanly."',
    'carousel.3': 'From Hamburg for mid-sized companies: consulting, development and operations.',
    'carousel.4': "Your data stays yours – it's that simple.",
  },
} as const;

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
const DEPLOY_CONFIGS = ['deploy/nginx/site.conf', 'deploy/apache/site.conf'];

/** What is not copied: installed packages, build output, test output, git. */
const NOT_COPIED = new Set([
  'node_modules',
  'dist',
  '.git',
  'test-results',
  'playwright-report',
  'bench-results',
]);
/** The caches in node_modules that each copy keeps to itself (build, type check, tests). */
const OWN_CACHES = new Set(['.cache', '.vite', '.vite-temp', '.tmp']);

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

/** The project's files in `copy`, and its installed packages linked (each copy keeps its caches). */
function copyProject(copy: string) {
  cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => {
      const path = relative(ROOT, source);
      return !NOT_COPIED.has(path.split('/')[0] ?? '') && !path.startsWith('e2e/__screenshots__');
    },
  });
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (OWN_CACHES.has(entry)) continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
}

type Dictionary = { [key: string]: string | Dictionary };

function setText(dictionary: Dictionary, key: string, value: string) {
  const parts = key.split('.');
  const last = parts.pop() ?? key;
  let group = dictionary;
  for (const part of parts) {
    const next = group[part];
    if (typeof next !== 'object') throw new Error(`The translation files have no group ${key}`);
    group = next;
  }
  if (typeof group[last] !== 'string') throw new Error(`The translation files have no text ${key}`);
  group[last] = value;
}

/** `value` as TypeScript source, the way business.ts writes it: bare keys, single quotes. */
function toSource(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (typeof value === 'string') return `'${value.replace(/[\\']/g, '\\$&')}'`;
  if (Array.isArray(value)) {
    return `[${value.map((each) => toSource(each, indent)).join(', ')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(
      ([key, each]) => `${inner}${key}: ${toSource(each, inner)},`,
    );
    return `{\n${entries.join('\n')}\n${indent}}`;
  }
  return String(value);
}

/** Changes the facts in business.ts and the texts in both translation files of `copy`. */
function changeContent(copy: string) {
  const businessFile = join(copy, 'src/content/business.ts');
  const source = readFileSync(businessFile, 'utf8');
  const start = source.indexOf('export const business = {');
  const endMarker = '} as const satisfies Business;';
  const end = source.indexOf(endMarker, start);
  if (start < 0 || end < 0)
    throw new Error('business.ts no longer has `export const business = {…}`');
  writeFileSync(
    businessFile,
    `${source.slice(0, start)}export const business = ${toSource(FACTS)} as const satisfies Business;${source.slice(end + endMarker.length)}`,
  );
  // The server configurations name the site's host (a redirect goes to it); the owner fills them in
  // when deploying, as the deploy tests check against the facts.
  const host = new URL(FACTS.siteUrl).hostname;
  const exampleHost = new URL(example.siteUrl).hostname;
  for (const file of DEPLOY_CONFIGS) {
    const path = join(copy, file);
    const text = readFileSync(path, 'utf8');
    writeFileSync(
      path,
      text
        .replaceAll(exampleHost, host)
        .replaceAll(exampleHost.replace(/^www\./, ''), host.replace(/^www\./, '')),
    );
  }
  for (const language of ['de', 'en'] as const) {
    const file = join(copy, `public/assets/i18n/${language}.json`);
    const dictionary = JSON.parse(readFileSync(file, 'utf8')) as Dictionary;
    for (const [key, value] of Object.entries(TEXTS[language])) setText(dictionary, key, value);
    writeFileSync(file, `${JSON.stringify(dictionary, null, 2)}\n`);
  }
}

/** The example values the change replaced: none of them may be left in the built site. */
function exampleValues(): string[] {
  const texts = ['de', 'en'].flatMap((language) => {
    const dictionary = JSON.parse(
      readFileSync(join(ROOT, `public/assets/i18n/${language}.json`), 'utf8'),
    ) as Dictionary;
    return Object.keys(TEXTS.de).map((key) =>
      key.split('.').reduce<unknown>((node, part) => (node as Dictionary)[part], dictionary),
    );
  });
  const facts = [
    example.name,
    example.owner,
    example.phone,
    example.email,
    example.street,
    example.vatId,
    example.registerNumber,
    example.registerCourt,
    example.hosting.name,
    example.mailProvider.name,
    example.supervisoryAuthority.name,
    example.siteUrl,
  ];
  // What the changed copy says itself is no leftover: an owner whose facts share a value with the
  // proof's (Cloudflare as host, say) must still pass.
  const changed = [...leafStrings(FACTS), ...Object.values(TEXTS.de), ...Object.values(TEXTS.en)];
  return [...new Set([...facts, ...texts])].filter(
    (value): value is string =>
      typeof value === 'string' && !changed.some((each) => each.includes(value)),
  );
}

/** Every string in `value`, however deep. */
function leafStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leafStrings);
}

/** Text files of the build that still hold an example value, with the value. */
function leftovers(dist: string): string[] {
  const values = exampleValues();
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
        `${FACTS.managingDirectors.length} managing directors, ${FACTS.siteUrl}, …) and ` +
        `${Object.keys(TEXTS.de).length} texts in each language.`,
    );
    // A port of its own for the copy's preview server.
    const env = { ...process.env, E2E_PORT: String(await freePort()) };

    if (options.audit) {
      mustPass(run('build', 'npx', ['vite', 'build'], copy, env), 'the build');
      auditTags(copy, env);
      passed = true;
      return;
    }

    mustPass(run('content check', 'npm', ['run', 'check:content'], copy, env), 'check:content');
    mustPass(run('type check', 'npm', ['run', 'typecheck'], copy, env), 'the type check');
    mustPass(run('unit tests', 'npx', ['vitest', 'run'], copy, env), 'the unit tests');
    mustPass(run('build', 'npx', ['vite', 'build'], copy, env), 'the build');
    const leaks = leftovers(join(copy, 'dist'));
    if (leaks.length > 0) {
      throw new Error(`The build still holds example content:\n  ${leaks.join('\n  ')}`);
    }
    console.log('The build holds none of the example facts and texts.');

    expectStoppedBuild(
      copy,
      env,
      'a build with a trailing comma',
      'public/assets/i18n/de.json',
      (text) => text.replace(/("homeLink": "[^"]*")(\n\s*\}\n\}\s*)$/, '$1,$2'),
      /public\/assets\/i18n\/de\.json:\d+:\d+: a comma after the last entry of a group/,
    );
    expectStoppedBuild(
      copy,
      env,
      'a build stopped at the CSP check',
      'deploy/nginx/security-headers.conf',
      (text) =>
        text.replace(/'sha256-[^']+'/, "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"),
      /The server configurations in deploy\/ do not match/,
    );

    if (options.full) {
      mustPass(
        run('browser tests', 'npx', ['playwright', 'test', ...browserSpecs(copy)], copy, env),
        'e2e',
      );
      for (const script of ['check:budget', 'check:html', 'test:deploy']) {
        mustPass(run(script, 'npm', ['run', script], copy, env), script);
      }
    } else {
      mustPass(
        run('browser tests', 'npx', ['playwright', 'test', '--grep', CONTENT_TAG], copy, env),
        'the browser tests',
      );
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
    `\nContent proof passed: with other facts and texts, ${options.full ? 'every suite but the visual one' : 'the content checks, unit tests, build and content browser tests'} pass.`,
  );
}

await main();
