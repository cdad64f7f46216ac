import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from './content-security-policy.ts';

/** What the `ssr` build of src/prerender/render-views.tsx exports. */
interface PrerenderModule {
  renderViews(dictionaries: Record<'de' | 'en', unknown>): Promise<{ name: string }[]>;
  headMarkup(views: unknown[]): string;
  viewVisibilityCss(views: unknown[]): string;
  bodyMarkup(views: unknown[], rootClass: string): string;
  bootScript: string;
  appEntryMeta: string;
}

const APP_ROOT = '<div class="app-root"></div>';

async function readDictionary(outDir: string, language: 'de' | 'en'): Promise<unknown> {
  const path = join(outDir, 'assets/i18n', `${language}.json`);
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot prerender: ${path} is not valid JSON.`, { cause: error });
  }
}

/**
 * Replaces the stylesheet link with the CSS itself: the page then needs no second request before
 * it can paint, and the CSS (about 2 KB compressed) costs less inline than a round trip.
 */
async function inlineStylesheet(outDir: string, html: string, extraCss: string): Promise<string> {
  const link = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (!link?.[1]) throw new Error('Cannot prerender: index.html has no stylesheet to inline.');
  const cssPath = join(outDir, link[1]);
  const css = await readFile(cssPath, 'utf8');
  if (/url\(/.test(css)) {
    throw new Error(`Cannot inline ${cssPath}: its url() references would resolve differently.`);
  }
  await rm(cssPath);
  return html.replace(link[0], () => `<style>${css}${extraCss}</style>`);
}

/**
 * The page paints from the HTML alone; the app's script only makes it interactive. The boot script
 * loads it after the first paint (see src/prerender/boot-script.ts), so the tag becomes a `<meta>`
 * that only names the script.
 */
function deferAppScript(html: string, metaName: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('Cannot prerender: index.html has no module script.');
  return html.replace(entry[0], () => `<meta name="${metaName}" content="${entry[1]}" />`);
}

/**
 * Writes the prerendered pages into the built `index.html`: the CSS inline, the boot script in
 * `<head>`, every route × language in `<body>`. Returns the Content-Security-Policy it needs.
 */
export async function prerender(outDir: string, serverEntry: string): Promise<string> {
  // A fresh URL each build, so that a second build in one process (watch mode) is not served the
  // first one's module from Node's cache.
  const url = `${pathToFileURL(serverEntry).href}?build=${Date.now()}`;
  const render = (await import(url)) as PrerenderModule;
  const indexPath = join(outDir, 'index.html');
  let html = await readFile(indexPath, 'utf8');
  if (!html.includes(APP_ROOT))
    throw new Error(`Cannot prerender: ${indexPath} lacks ${APP_ROOT}.`);

  const views = await render.renderViews({
    de: await readDictionary(outDir, 'de'),
    en: await readDictionary(outDir, 'en'),
  });
  html = await inlineStylesheet(outDir, html, render.viewVisibilityCss(views));
  html = deferAppScript(html, render.appEntryMeta);
  html = html.replace('</head>', () => `${render.headMarkup(views)}\n  </head>`);
  html = html.replace(APP_ROOT, () => render.bodyMarkup(views, 'app-root'));
  await writeFile(indexPath, html);
  return contentSecurityPolicy([render.bootScript]);
}
