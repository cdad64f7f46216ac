/**
 * `npm run bench`: Lighthouse CI runs every route × language × form factor against `dist/` served
 * as a host serves it and asserts the targets on the medians; its figures are simulated, so they
 * are reported while the interactive bench gates.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { folderShowing } from '../src/app/prerendered-view.ts';
import { ROUTES, type TitleMarker } from '../src/content/routes.ts';
import { LANGUAGES, LOCALES, type Language } from '../src/i18n/language.ts';
import * as harness from './bench-harness.ts';
import { performanceTargets as targets } from './performance-targets.ts';
import { findChromium } from '../system-tools/find-chromium.ts';
import { median } from './median.ts';
import { startStaticServer } from './serve-dist.ts';
import { readTranslationFiles } from '../site-build/content-check/translation-files.ts';

// Fetched by npx on the first run: Lighthouse CI is no part of the project's install.
const LHCI = '@lhci/cli@0.15.1';
const FORM_FACTORS = ['mobile', 'desktop'] as const;
/** Lighthouse's categories, by the column that shows them. */
const CATEGORIES = { perf: 'performance', a11y: 'accessibility', bp: 'best-practices', seo: 'seo' };

const flags = await harness.setUp(3, {
  routes: { type: 'string', default: ROUTES.join(',') },
  languages: { type: 'string', default: LANGUAGES.join(',') },
  'form-factors': { type: 'string', default: FORM_FACTORS.join(',') },
});
/** Those of `all` the flag names. */
const pick = <T extends string>(value: string, all: readonly T[]) =>
  all.filter((item) => value.split(',').includes(item));
const routes = pick(flags.routes, ROUTES);
const languages = pick(flags.languages, LANGUAGES);
const formFactors = pick(flags['form-factors'], FORM_FACTORS);

/** lhci's assertions, from the targets: the scores and timings on the median of each page's runs. */
const onTheMedian = { aggregationMethod: 'median' } as const;
const atMost = (maxNumericValue: number, how = {}) => ['error', { maxNumericValue, ...how }];
const everyPage = {
  ...Object.fromEntries(
    Object.values(CATEGORIES).map((id) => [
      `categories:${id}`,
      ['error', { minScore: targets.minCategoryScore / 100, ...onTheMedian }],
    ]),
  ),
  'largest-contentful-paint': atMost(targets.maxLcpMs, onTheMedian),
  'total-blocking-time': atMost(targets.maxTbtMs, onTheMedian),
  // Lighthouse shows three decimals: a shift that rounds to 0.000 counts as none.
  'cumulative-layout-shift': atMost(0.0005, onTheMedian),
  'resource-summary:third-party:count': atMost(0),
};
/** Lighthouse counts a response's headers with its body, the budget the brotli body alone. */
const HEADER_BYTES = 1024;
const homePage = {
  ...everyPage,
  'resource-summary:script:size': atMost(targets.maxHomeScriptBytes + HEADER_BYTES),
  'resource-summary:total:size': atMost(targets.maxHomeTotalBytes),
  'resource-summary:total:count': atMost(targets.maxHomeRequests),
};
const assertMatrix = [
  { matchingUrlPattern: 'page=home', assertions: homePage },
  { matchingUrlPattern: 'page=(?!home)', assertions: everyPage },
];
mkdirSync('bench-results', { recursive: true });
const rcPath = resolve('bench-results/lighthouserc.json');
writeFileSync(rcPath, `${JSON.stringify({ ci: { assert: { assertMatrix } } }, null, 2)}\n`);

const server = await startStaticServer({ root: 'dist' });
/**
 * Where a visitor of the language is shown the page. The query tells the pages apart for Lighthouse
 * CI, which groups the runs by the address without its hash (`#/imprint`); the site ignores it.
 */
const urlOf = (language: Language, route: TitleMarker) =>
  `${server.url}${folderShowing(language, route)}?page=${route}#/${route}`;
rmSync('.lighthouseci', { recursive: true, force: true });
let collected = true;
for (const formFactor of formFactors) {
  for (const language of languages) {
    // One browser language per collect: the root shows the page in the language the browser asks.
    const lang = LOCALES[language];
    collected &&=
      // oxlint-disable-next-line no-await-in-loop -- one Lighthouse at a time, or the figures suffer
      (await harness.run('npx', [
        '--yes',
        LHCI,
        'collect',
        '--additive',
        `--numberOfRuns=${flags.runs}`,
        `--chromePath=${findChromium()}`,
        `--settings.chromeFlags=--headless=new --no-sandbox --lang=${lang} --accept-lang=${lang}`,
        ...(formFactor === 'desktop' ? ['--settings.preset=desktop'] : []),
        ...routes.map((route) => `--url=${urlOf(language, route)}`),
      ])) === 0;
  }
}
await server.close();
if (!collected) process.exit(1);

interface Lhr {
  requestedUrl: string;
  configSettings: { formFactor: string };
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
}
const reports = readdirSync('.lighthouseci')
  .filter((name) => /^lhr-.*\.json$/.test(name))
  .map((name) => JSON.parse(readFileSync(join('.lighthouseci', name), 'utf8')) as Lhr);

/** The language of the LCP element's text: the texts of which translation file hold it. */
const texts = readTranslationFiles();
function lcpLanguage(lhr: Lhr): string {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items as
    { items?: { node?: { nodeLabel?: string } }[] }[] | undefined;
  const label = items?.[0]?.items?.[0]?.node?.nodeLabel?.replace(/…$/, '') ?? '';
  const holds = (language: Language) =>
    JSON.stringify(texts[language]).includes(JSON.stringify(label).slice(1, -1));
  const found = LANGUAGES.filter(holds);
  return found.length === 1 ? found[0]! : '?';
}

const resource = (type: string, key: 'transferSize' | 'requestCount') => (lhr: Lhr) => {
  const items = (lhr.audits['resource-summary']?.details?.items ?? []) as Record<string, unknown>[];
  return Number(items.find((item) => item['resourceType'] === type)?.[key] ?? 0);
};
const pages = formFactors.flatMap((formFactor) =>
  languages.flatMap((language) =>
    routes.map((route) => {
      const url = urlOf(language, route);
      const runs = reports.filter(
        (lhr) => lhr.requestedUrl === url && lhr.configSettings.formFactor === formFactor,
      );
      return { route, language, formFactor, runs };
    }),
  ),
);
const audit = (id: string) => (lhr: Lhr) => lhr.audits[id]?.numericValue ?? Number.NaN;
harness.printTable(
  `Medians of ${flags.runs} runs; scores, times in ms, sizes in KB:`,
  pages.map(({ route, language, formFactor, runs }) => {
    const of = (figure: (lhr: Lhr) => number) => median(runs.map(figure));
    const kb = (type: string) => (of(resource(type, 'transferSize')) / 1024).toFixed(1);
    return {
      route: `#/${route}`,
      lang: language,
      form: formFactor,
      ...Object.fromEntries(
        Object.entries(CATEGORIES).map(([title, id]) => [
          title,
          of((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)),
        ]),
      ),
      FCP: of(audit('first-contentful-paint')),
      LCP: of(audit('largest-contentful-paint')),
      SI: of(audit('speed-index')),
      TBT: of(audit('total-blocking-time')),
      CLS: of(audit('cumulative-layout-shift')).toFixed(3),
      JS: kb('script'),
      all: kb('total'),
      req: of(resource('total', 'requestCount')),
    };
  }),
  3,
);
const wrongLanguage = pages.flatMap(({ route, language, formFactor, runs }) => {
  const seen = runs.map(lcpLanguage).find((found) => found !== '?' && found !== language);
  return seen ? [`#/${route} ${language} ${formFactor}: the LCP text is ${seen}`] : [];
});
for (const line of wrongLanguage) console.error(line);
const asserted = await harness.run('npx', ['--yes', LHCI, 'assert', `--config=${rcPath}`]);
process.exitCode = asserted === 0 && wrongLanguage.length === 0 ? 0 : 1;
