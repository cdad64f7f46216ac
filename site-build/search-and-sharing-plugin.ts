import type { Plugin } from 'vite';
import { languageMetaTags } from '../src/app/meta-texts.ts';
import type { Business } from '../src/content/business-schema.ts';
import { business, legalNameOf } from '../src/content/business.ts';
import { DEFAULT_LANGUAGE, type Language } from '../src/i18n/language.ts';
import { ADDRESSES, addressUrl, type AddressLanguage } from '../src/i18n/language-address.ts';
import type { Dictionary } from '../src/i18n/translate.ts';
import { translatorFor, type Dictionaries } from '../src/i18n/translator.ts';
import { escapeHtml, jsonForScript } from '../src/prerender/escape.ts';
import { NEUTRALS } from './content-check/brand-colors.ts';
import { NOSCRIPT_CSS } from './noscript.ts';
import { readTranslationFiles } from './content-check/translation-files.ts';

/** The browser bar colour of `index.html` (`<meta name="theme-color">`). */
export const THEME_COLOR: string = business.brand.accent;

/** The files `npm run images` draws into `public/` (scripts/make-images.ts). */
export const IMAGES = {
  og: { path: 'og-image.png', width: 1200, height: 630 },
  favicon: { path: 'favicon-32.png', size: 32 },
  appleTouch: { path: 'apple-touch-icon.png', size: 180 },
  icon192: { path: 'icon-192.png', size: 192 },
  icon512: { path: 'icon-512.png', size: 512 },
  svg: { path: 'favicon.svg' },
} as const;

const meta = (attribute: string, key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** Every address of the site: each language's own, and the root, which adapts (`x-default`). */
const alternates = (siteUrl: string, tag: string, end: string): string[] =>
  ADDRESSES.map(
    (address) =>
      `<${tag} rel="alternate" hreflang="${address ?? 'x-default'}" href="${escapeHtml(addressUrl(siteUrl, address))}"${end}>`,
  );

/** An address's `<head>` tags, in its language, for crawlers and previews that run no script. */
export function headTags(
  facts: Business,
  dictionaries: Dictionaries,
  address: AddressLanguage,
): string[] {
  const language = address ?? DEFAULT_LANGUAGE;
  const t = translatorFor(dictionaries, language);
  const self = addressUrl(facts.siteUrl, address);
  const image = new URL(IMAGES.og.path, facts.siteUrl).href;
  const tags = languageMetaTags(t, language, facts.name);
  const languageTag = (key: string) =>
    tags.flatMap((tag) => (tag.key === key ? [meta(tag.attribute, key, tag.content)] : []));
  return [
    ...languageTag('description'),
    `<link rel="canonical" href="${escapeHtml(self)}" />`,
    ...alternates(facts.siteUrl, 'link', ' /'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', facts.name),
    ...languageTag('og:title'),
    ...languageTag('og:description'),
    meta('property', 'og:url', self),
    ...languageTag('og:locale'),
    ...languageTag('og:locale:alternate'),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(IMAGES.og.width)),
    meta('property', 'og:image:height', String(IMAGES.og.height)),
    ...languageTag('og:image:alt'),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...languageTag('twitter:title'),
    ...languageTag('twitter:description'),
    meta('name', 'twitter:image', image),
    ...languageTag('twitter:image:alt'),
    `<link rel="apple-touch-icon" href="./${IMAGES.appleTouch.path}" />`,
  ];
}

// Files, not `data:` URLs, which would cost every document bytes (decision 13); the PNG first, so
// that browsers with SVG favicons take the SVG.
const FAVICON_LINKS = [
  `<link rel="icon" href="./${IMAGES.favicon.path}" type="image/png" sizes="32x32" />`,
  `<link rel="icon" href="./${IMAGES.svg.path}" type="image/svg+xml" />`,
].join('\n    ');
const SVG_ICON_IN_HTML = /<link\s[^>]*rel="icon"[^>]*favicon\.svg[^>]*>/;

/** JSON-LD: a data block, not a script (no CSP applies), with `<` escaped so no text closes it. */
export function structuredData(
  facts: Business,
  dictionaries: Dictionaries,
  address: AddressLanguage,
): string {
  const language = address ?? DEFAULT_LANGUAGE;
  const t = translatorFor(dictionaries, language);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${facts.siteUrl}#business`,
    name: facts.name,
    legalName: legalNameOf(facts),
    description: t('meta.description', { name: facts.name }),
    inLanguage: language,
    url: facts.siteUrl,
    logo: new URL(IMAGES.icon512.path, facts.siteUrl).href,
    image: new URL(IMAGES.og.path, facts.siteUrl).href,
    telephone: facts.phone,
    email: facts.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: facts.street,
      postalCode: facts.postalCode,
      addressLocality: facts.town,
      addressCountry: 'DE',
    },
    vatID: facts.vatId,
  };
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

/** Every crawler may read everything. Crawlers only read it at the host's root, though. */
export const robotsTxt = (facts: Business): string =>
  [
    '# Every crawler may read every page of this site.',
    '# (Crawlers read robots.txt only at the root of a host: if the site lives in a sub-folder,',
    '# the host root needs its own robots.txt.)',
    'User-agent: *',
    'Allow: /',
    '',
    `Sitemap: ${new URL('sitemap.xml', facts.siteUrl).href}`,
    '',
  ].join('\n');

/** Every address, each with all as alternates; pages are hash routes, which no crawler fetches. */
export function sitemapXml(facts: Business): string {
  const links = alternates(facts.siteUrl, 'xhtml:link', '/').map((link) => `    ${link}`);
  const urls = ADDRESSES.flatMap((address) => [
    '  <url>',
    `    <loc>${escapeHtml(addressUrl(facts.siteUrl, address))}</loc>`,
    links.join('\n'),
    '  </url>',
  ]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The web app manifest: name, colours and icons for bookmarks and home screens, in German. */
export function webManifest(facts: Business, german: Dictionary): string {
  const t = translatorFor({ de: german, en: {} }, 'de');
  const manifest = {
    id: './',
    name: t('meta.title', { name: facts.name }),
    short_name: facts.name,
    description: t('meta.description', { name: facts.name }),
    lang: 'de',
    dir: 'ltr',
    start_url: './',
    scope: './',
    display: 'browser',
    theme_color: facts.brand.accent,
    background_color: NEUTRALS.light.background,
    icons: [
      { src: `./${IMAGES.icon192.path}`, sizes: '192x192', type: 'image/png' },
      { src: `./${IMAGES.icon512.path}`, sizes: '512x512', type: 'image/png' },
      { src: `./${IMAGES.svg.path}`, sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The head additions that differ between the addresses' documents (language, canonical, JSON-LD). */
export const addressHead = (...args: Parameters<typeof headTags>): string =>
  [...headTags(...args), structuredData(...args)].join('\n    ');

/** The root's index.html with every addition: head tags, JSON-LD, the `<noscript>` block's look. */
export function transformHtml(html: string, facts: Business, dictionaries: Dictionaries): string {
  const head = `${addressHead(facts, dictionaries, null)}\n    <noscript><style>${NOSCRIPT_CSS}</style></noscript>`;
  let result = SVG_ICON_IN_HTML.test(html)
    ? html.replace(SVG_ICON_IN_HTML, () => FAVICON_LINKS)
    : html.replace('</head>', () => `  ${FAVICON_LINKS}\n  </head>`);
  result = result.replace('</head>', () => `  ${head}\n  </head>`);
  // The browser bar takes the brand's accent, like the manifest.
  return result.replace(
    /<meta name="theme-color" content="[^"]*"/,
    () => `<meta name="theme-color" content="${escapeHtml(facts.brand.accent)}"`,
  );
}

/** From facts and texts: index.html's head, robots.txt, sitemap.xml, the manifest (also in dev). */
export function searchAndSharing(
  facts: Business,
  dictionaryPaths: Readonly<Record<Language, string>>,
): Plugin {
  const dictionaries = () => readTranslationFiles(dictionaryPaths);
  // Each file the build writes next to index.html, with the type the dev server sends it as.
  const files = new Map(
    Object.entries({
      'robots.txt': { type: 'text/plain', text: () => robotsTxt(facts) },
      'sitemap.xml': { type: 'application/xml', text: () => sitemapXml(facts) },
      'manifest.webmanifest': {
        type: 'application/manifest+json',
        text: () => webManifest(facts, dictionaries().de),
      },
    }),
  );
  return {
    name: 'search-and-sharing',
    transformIndexHtml: (html) => transformHtml(html, facts, dictionaries()),
    generateBundle() {
      // Only the browser build gets the files, not the prerender's server build.
      if (this.environment.name !== 'client') return;
      for (const [fileName, { text }] of files) {
        this.emitFile({ type: 'asset', fileName, source: text() });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files.get(request.url?.split('?')[0]?.replace(/^\//, '') ?? '');
        if (!file) return next();
        response.setHeader('Content-Type', `${file.type}; charset=utf-8`);
        response.end(file.text());
      });
    },
  };
}
