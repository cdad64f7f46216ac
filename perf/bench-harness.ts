/**
 * What the benches share: their common flags, building and serving the builds they compare,
 * the floor (a page's built document without scripts), Chromium, the builds' loads taken in turn,
 * and the tables and files they write.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { JSDOM } from 'jsdom';
import * as prettier from 'prettier';
import { CHROMIUM_FLAGS, findChromium } from '../system-tools/find-chromium.ts';
import { THROTTLING } from './interactive-targets.ts';
import { startStaticServer } from './serve-dist.ts';
import { folderShowing } from '../src/app/prerendered-view.ts';
import { ROUTES, type TitleMarker } from '../src/content/routes.ts';
import { LANGUAGES, type Language } from '../src/i18n/language.ts';

/** Runs a command to its end, asynchronously so that a server in this process keeps answering. */
export const run = (command: string, args: readonly string[], options: SpawnOptions = {}) =>
  new Promise<number>((done) => {
    spawn(command, args, { stdio: 'inherit', ...options }).on('close', (code) => done(code ?? 1));
  });

/**
 * Reads the bench's own flags beside the shared `--no-build` and `--runs N`, then builds the site
 * unless `--no-build`, stopping when the build fails.
 */
export async function setUp<const O extends NonNullable<ParseArgsConfig['options']>>(
  defaultRuns: number,
  options: O,
) {
  const shared = {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: String(defaultRuns) },
  } as const;
  const { values } = parseArgs({ options: { ...shared, ...options } });
  const given = values as { runs: string; 'no-build': boolean };
  const runs = Number(given.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');
  if (!given['no-build'] && (await run('npm', ['run', 'build'])) !== 0) process.exit(1);
  return { ...values, runs };
}

/** The other builds of this site given with `--vs DIR`, such as the one before a change. */
export const vsBuilds = (folders: readonly string[] = []) =>
  folders.map((folder) => ({ name: basename(resolve(folder)), root: resolve(folder) }));

const PEER_SOURCE = resolve('../shared/peers/react-baseline');

/** The plain React peer, built from its source in a temporary folder as its README says. */
export async function buildPeer(built?: string): Promise<{ root: string; remove: () => void }> {
  if (built) return { root: resolve(built), remove: () => {} };
  const folder = mkdtempSync(join(tmpdir(), 'bench-inp-peer-'));
  cpSync(PEER_SOURCE, folder, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist[^/\\]*)$/.test(source),
  });
  const remove = () => rmSync(folder, { recursive: true, force: true });
  // The peer's engines are its own: this project's strict engine check, which npm hands to the
  // scripts it runs, is not for it.
  const env = { ...process.env, npm_config_engine_strict: 'false' };
  const npm = async (...args: string[]) => {
    if ((await run('npm', args, { cwd: folder, env })) === 0) return;
    remove();
    throw new Error(`The peer's npm ${args.join(' ')} failed.`);
  };
  await npm('ci', '--no-audit', '--no-fund');
  await npm('run', 'build:embla');
  return { root: join(folder, 'dist-embla'), remove };
}

/** Where a copy made by {@link floorCopy} has the floor of `route` in `lang`. */
export const floorFile = (route: TitleMarker, lang: Language) =>
  `${folderShowing(lang, route)}floor-${route}-${lang}.html`;

/** The built document that shows `route` in `lang`, as the root or a language folder has it. */
export const documentOf = (route: TitleMarker, lang: Language) =>
  readFileSync(join(resolve('dist'), folderShowing(lang, route), 'index.html'), 'utf8');

/**
 * The floor of a page: its document with every script removed, the page rendered into its app
 * root and the others as templates after it: the same markup, painted without any script, in the
 * order that paints soonest. What painting that page alone costs.
 */
function floorDocument(route: TitleMarker, lang: Language): string {
  const dom = new JSDOM(documentOf(route, lang));
  const { document } = dom.window;
  const root = document.querySelector<HTMLElement>('.app-root')!;
  const view = `${lang}-${route}`;
  if (root.dataset['view'] !== view) {
    const template = document.querySelector<HTMLTemplateElement>(`template[data-view="${view}"]`);
    if (!template) throw new Error(`The built document has no page ${view}.`);
    [root.innerHTML, template.innerHTML] = [template.innerHTML, root.innerHTML];
    [root.dataset['view'], template.dataset['view']] = [view, root.dataset['view']];
  }
  root.after(...document.querySelectorAll('template[data-view]'));
  return dom.serialize().replace(/<script\b[\s\S]*?<\/script>/g, '');
}

/** A copy of `dist` with each page's floor beside its document, brotli too, as the document is. */
export function floorCopy(): { root: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cpSync(resolve('dist'), folder, { recursive: true });
  for (const route of ROUTES) {
    for (const lang of LANGUAGES) {
      const file = join(folder, floorFile(route, lang));
      const floor = floorDocument(route, lang);
      writeFileSync(file, floor);
      writeFileSync(`${file}.br`, brotliCompressSync(floor));
    }
  }
  return { root: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** A fresh context and page with the CPU slowed by `THROTTLING`, through the DevTools protocol. */
export async function throttledPage(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return { context, page, cdp };
}

/**
 * Serves the builds and loads each case in Chromium one load at a time, or they would share the
 * CPU they measure; the builds take turns going first, so that a change in the machine's load
 * touches them alike. Each build loads the first case once first, not counted: a browser's first
 * loads are slower.
 */
export async function measure<B extends { name: string; root: string }, C, S, R>(bench: {
  builds: readonly B[];
  cases: readonly C[];
  loads: (each: C) => number;
  takes?: (build: B, each: C) => boolean;
  load: (browser: Browser, url: string, build: B, each: C) => Promise<S>;
  rowsOf: (each: C, samples: Map<B, S[]>) => R[];
}): Promise<R[]> {
  const servers = await Promise.all(bench.builds.map(({ root }) => startStaticServer({ root })));
  const urls = new Map(bench.builds.map((build, index) => [build, servers[index]!.url]));
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
  const rows: R[] = [];
  try {
    for (const build of bench.builds) {
      // oxlint-disable-next-line no-await-in-loop -- one load at a time
      await bench.load(browser, urls.get(build)!, build, bench.cases[0]!);
    }
    for (const each of bench.cases) {
      const taking = bench.builds.filter((build) => bench.takes?.(build, each) ?? true);
      const samples = new Map(taking.map((build): [B, S[]] => [build, []]));
      for (let pass = 0; pass < bench.loads(each); pass += 1) {
        for (let turn = 0; turn < taking.length; turn += 1) {
          const build = taking[(pass + turn) % taking.length]!;
          // oxlint-disable-next-line no-await-in-loop -- one load at a time
          samples.get(build)!.push(await bench.load(browser, urls.get(build)!, build, each));
        }
      }
      rows.push(...bench.rowsOf(each, samples));
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }
  return rows;
}

const cell = (value: unknown) =>
  typeof value !== 'number'
    ? String(value ?? '')
    : value.toFixed(Number.isInteger(value) || Math.abs(value) >= 10 ? 0 : 2);

/**
 * Prints `heading` and the records as a table, a column for each key: the first `names` columns
 * left-aligned, the figures right-aligned, whole from 10 on and to two places below.
 */
export function printTable(heading: string, records: Record<string, unknown>[], names = 1) {
  const titles = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const cells = records.map((record) => titles.map((title) => cell(record[title])));
  const widths = titles.map((title, at) =>
    Math.max(title.length, ...cells.map((line) => line[at]!.length)),
  );
  console.log(`\n${heading}`);
  for (const line of [titles, widths.map((width) => '-'.repeat(width)), ...cells]) {
    console.log(
      line.map((text, at) => text[at < names ? 'padEnd' : 'padStart'](widths[at]!)).join('  '),
    );
  }
}

/** Names each miss and exits, non-zero when there is one. */
export function exitWith(misses: readonly string[]): never {
  for (const miss of misses) console.error(`Missed: ${miss}.`);
  process.exit(misses.length > 0 ? 1 : 0);
}

/**
 * Keeps `result` under `label` in a JSON file beside the other labels' (a run before a change and
 * one after it stand side by side), written as Prettier writes it so that the format check passes.
 */
export async function saveResult(file: string, label: string, result: unknown): Promise<void> {
  const saved = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as object;
  Object.assign(saved, { [label]: result });
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(JSON.stringify(saved), { ...options, parser: 'json' }));
  console.log(`\nWritten to ${file} under "${label}".`);
}
