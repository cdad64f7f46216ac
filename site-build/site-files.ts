import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { business } from '../src/content/business.ts';
import { palette, type BrandColours } from './content-check/brand-colors.ts';
import { brotliOptions } from './brotli-options.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../src/i18n/language.ts';
import { languageFolder } from '../src/i18n/language-address.ts';
import { translatorFor, type Dictionaries } from '../src/i18n/translator.ts';
import { escapeHtml } from '../src/prerender/escape.ts';
import { HOME_PATH, LEGAL_ROUTES, pathOf } from '../src/content/routes.ts';
import { hrefOf } from '../src/router/hash-history.ts';
import { cdnHeaders, type HeaderPolicy } from '../hosting/header-policy.ts';
import { SECURITY_TXT, securityTxt } from './security-txt.ts';
import { readBuiltTranslationFiles } from './content-check/translation-files.ts';

/** The Apache configuration that an upload of the build folder carries with it. */
export const APACHE_CONFIG = 'hosting/apache/.htaccess';

/** The page both server configurations answer with for a path that is not a file. */
export const NOT_FOUND_PAGE = '404.html';

/**
 * The not-found page: static, both languages, no script and no other request, so it works at any
 * depth. Its links start from `siteUrl`'s path, as `./` would mean the folder of the missing path.
 */
export function notFoundPage(
  dictionaries: Dictionaries,
  facts: { name: string; siteUrl: string; brand: BrandColours } = business,
): string {
  const colours = palette('light', facts.brand.accent);
  const root = new URL(facts.siteUrl).pathname;
  const home = `${root}${hrefOf(HOME_PATH)}`;
  // The default language first: it is the document's, the others are marked.
  const languages = [DEFAULT_LANGUAGE, ...LANGUAGES.filter((each) => each !== DEFAULT_LANGUAGE)];
  const texts = languages.map((language) => {
    const translated = translatorFor(dictionaries, language);
    const t = (key: 'title' | 'heading' | 'text' | 'homeLink') =>
      escapeHtml(translated(`notFound.${key}`, { name: facts.name }));
    // The legal pages must be reachable from every page, each in the language of its section.
    const legal = LEGAL_ROUTES.map(
      (route) =>
        `<a href="${escapeHtml(`${root}${languageFolder(language)}${hrefOf(pathOf(route))}`)}">${escapeHtml(translated(`footer.${route}`))}</a>`,
    );
    const section = `<section lang="${language}">
      <h2>${t('heading')}</h2>
      <p>${t('text')}</p>
      <p><a href="${escapeHtml(home)}">${t('homeLink')}</a></p>
      <nav aria-label="${escapeHtml(translated('footer.navLabel'))}">
        ${legal.join(' ·\n        ')}
      </nav>
    </section>`;
    return { language, title: t('title'), section };
  });
  const heading = texts
    .map(({ language, title }, index) =>
      index === 0 ? title : `<span lang="${language}">· ${title}</span>`,
    )
    .join(' ');
  return `<!doctype html>
<html lang="${DEFAULT_LANGUAGE}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${texts.map((words) => words.title).join(' · ')} – ${escapeHtml(facts.name)}</title>
    <style>
      :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; color: ${colours.text}; background: ${colours.background}; }
      body { margin: 0; }
      main { max-width: 36rem; margin: 0 auto; padding: 3rem 1.25rem; }
      h1, h2 { color: ${colours.heading}; }
      h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 2rem; }
      h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
      section + section { margin-top: 2rem; padding-top: 2rem; border-top: 1px solid ${colours.border}; }
      a { color: ${colours.accent}; }
      a:focus-visible { outline: 3px solid ${colours.accent}; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <h1>${heading}</h1>
      ${texts.map((words) => words.section).join('\n      ')}
    </main>
  </body>
</html>
`;
}

/** The header rules Cloudflare Pages and Netlify read from the upload. */
export const CDN_HEADERS = '_headers';

/** Writes what the hosts need beside the site, so that uploading the build folder just works. */
export async function writeDeployFiles(outDir: string, policy: HeaderPolicy): Promise<void> {
  const dictionaries = readBuiltTranslationFiles(outDir);
  await writeFile(join(outDir, NOT_FOUND_PAGE), notFoundPage(dictionaries));
  await copyFile(APACHE_CONFIG, join(outDir, '.htaccess'));
  await writeFile(join(outDir, CDN_HEADERS), cdnHeaders(policy));
  await mkdir(dirname(join(outDir, SECURITY_TXT)), { recursive: true });
  await writeFile(join(outDir, SECURITY_TXT), securityTxt(business, new Date()));
}

// Precompression is ours rather than a plugin's: it must run after the prerender rewrote
// index.html, which a plugin hooked into Vite's bundle would not see.

/** The kinds of file worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|m?js|css|json|svg|xml|txt|webmanifest|map)$/i;

/** Smaller files gain too little to be worth a second and third copy. */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes the smallest brotli and gzip copy beside each text file (the translation files too, edited
 * only before a build), so that no server compresses per request; not one no smaller than it.
 */
export async function precompress(outDir: string): Promise<void> {
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) return;
      const content = await readFile(file);
      const writeIfSmaller = async (extension: string, compressing: Promise<Buffer>) => {
        const compressed = await compressing;
        if (compressed.length < content.length) await writeFile(`${file}.${extension}`, compressed);
      };
      await Promise.all([
        writeIfSmaller('br', brotli(content, brotliOptions(content.length))),
        writeIfSmaller('gz', gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION })),
      ]);
    }),
  );
}
