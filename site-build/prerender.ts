import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { business } from '../src/content/business.ts';
import {
  ADDRESSES,
  addressFolder,
  FIXED_LANGUAGE_ATTRIBUTE,
  rootFileHref,
  type AddressLanguage,
} from '../src/i18n/language-address.ts';
import { translatorFor } from '../src/i18n/translator.ts';
import { APP_ROOT_CLASS } from '../src/app/prerendered-view.ts';
import { LEGAL_ROUTES } from '../src/content/routes.ts';
import { minifySync, type Plugin } from 'vite';
import { contentSecurityPolicy } from '../hosting/content-security-policy.ts';
import { escapeHtml } from '../src/prerender/escape.ts';
import { legalArticle, noscriptBlock } from './noscript.ts';
import { addressHead } from './search-and-sharing-plugin.ts';
import { DICTIONARY_DIR, readBuiltTranslationFiles } from './content-check/translation-files.ts';
// The `ssr` build of this module is what the prerender loads.
import type * as PrerenderModule from '../src/prerender/render-views.tsx';

/** The empty element the app mounts into; the prerender fills it with the page shown first. */
const APP_ROOT = `<div class="${APP_ROOT_CLASS}"></div>`;

/** Puts the app root into index.html's `<body>`, for the dev server and the build. */
export function appRoot(): Plugin {
  return {
    name: 'app-root',
    transformIndexHtml: (html) => html.replace(/<body>/, (body) => `${body}\n    ${APP_ROOT}`),
  };
}

/** Takes out the stylesheet to inline it: a few KB cost less than a request before the paint. */
async function takeStylesheet(outDir: string, html: string) {
  const link = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (!link?.[1]) throw new Error('Cannot prerender: index.html has no stylesheet to inline.');
  const cssPath = join(outDir, link[1]);
  const css = await readFile(cssPath, 'utf8');
  if (/url\(/.test(css)) {
    throw new Error(`Cannot inline ${cssPath}: its url() references would resolve differently.`);
  }
  await rm(cssPath);
  return { link: link[0], css };
}

/** Inline scripts count against the first round trip: minified, and the CSP hashes that text. */
function minifyInlineScript(source: string): string {
  const { code, errors } = minifySync('inline-script.js', source);
  if (errors.length > 0) throw new Error(`Cannot minify an inline script: ${errors[0]?.message}`);
  return code.trim().replace(/;$/, '');
}

/**
 * Writes each address's document: its pages rendered by the app's own components (the shown one in
 * the app root, the others as templates), CSS and boot script inline. Returns the CSP they need.
 */
export async function prerender(outDir: string, serverEntry: string): Promise<string> {
  // A fresh URL each build, so that watch mode is not served the first build's module from cache.
  const url = `${pathToFileURL(serverEntry).href}?build=${Date.now()}`;
  const render = (await import(url)) as typeof PrerenderModule;
  const indexPath = join(outDir, 'index.html');
  const template = await readFile(indexPath, 'utf8');
  const fail = (lack: string) => new Error(`Cannot prerender: ${indexPath} lacks ${lack}.`);
  if (!template.includes(APP_ROOT)) throw fail(APP_ROOT);
  if (!template.includes('</body>')) throw fail('</body>');
  // The page paints from the HTML alone and the boot script loads the app after the first paint,
  // so the script tag becomes a `<meta>` that only names the script.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw fail('a module script');
  if (!/<html lang="[^"]*"/.test(template)) throw fail('<html lang>');

  const dictionaries = readBuiltTranslationFiles(outDir);
  const bootScript = minifyInlineScript(render.bootScript);
  const swapScript = minifyInlineScript(render.swapScript);
  const rootHead = addressHead(business, dictionaries, null);
  if (!template.includes(rootHead)) throw fail('the search and sharing tags');
  const stylesheet = await takeStylesheet(outDir, template);

  const writeDocument = async (address: AddressLanguage) => {
    const views = await render.renderViews(dictionaries, address);
    const shown = views[0];
    if (!shown) throw new Error('Cannot prerender: no page was rendered.');
    const language = shown.name.split('-')[0] === 'en' ? 'en' : 'de';
    // Without JavaScript, the notice and this language's imprint and privacy statement, for the
    // footer's links to bring into view; last in <body>, so the shown page's skip link comes first.
    const articles = LEGAL_ROUTES.map((route) => {
      const view = views.find(({ name }) => name === `${language}-${route}`);
      if (!view) throw new Error(`Cannot prerender: no ${language} ${route} page was rendered.`);
      return legalArticle(view.html, route);
    });
    const notice = translatorFor(dictionaries, language)('noscript.notice');
    const css = `${stylesheet.css}${render.viewVisibilityCss(views)}`;
    const mark = address === null ? '' : ` ${FIXED_LANGUAGE_ATTRIBUTE}="${address}"`;
    const manifest = rootFileHref('manifest.webmanifest', address);
    let html = template
      .replace(stylesheet.link, () => `<style>${css}</style>`)
      .replace(entry[0], () => `<meta name="${render.appEntryMeta}" content="${entry[1]}" />`)
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"${mark}`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shown.title)}</title>`)
      .replace('</head>', () => `${render.headMarkup(views, manifest, bootScript)}\n  </head>`)
      .replace(APP_ROOT, () => render.bodyMarkup(views, swapScript))
      .replace('</body>', () => `${noscriptBlock(notice, articles)}\n  </body>`);
    const folder = addressFolder(address);
    if (address !== null) {
      // A language's own address lives one folder down (`en/index.html`): its file links go one up.
      const head = addressHead(business, dictionaries, address);
      html = html
        .replace(rootHead, () => head)
        .replace(/(\s(?:href|src|content))="\.\//g, '$1="../');
      await mkdir(join(outDir, folder), { recursive: true });
      await cp(join(outDir, DICTIONARY_DIR), join(outDir, folder, DICTIONARY_DIR), {
        recursive: true,
      });
    }
    await writeFile(join(outDir, folder, 'index.html'), html);
  };
  await Promise.all(ADDRESSES.map(writeDocument));
  return contentSecurityPolicy([bootScript, swapScript]);
}
