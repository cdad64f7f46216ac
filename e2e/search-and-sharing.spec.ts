import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, READS_CONTENT } from './support/fixtures.ts';
import { business } from '../src/content/business.ts';
import { ROUTES } from './support/page-watch.ts';
import {
  readDictionary,
  languageOptionName,
  text,
  type Dictionary,
} from './support/translations.ts';

const de = readDictionary('de');
const en = readDictionary('en');
const name = business.name;

/** The texts `<head>` must carry in one language. */
function expectedMeta(dictionary: Dictionary) {
  const description = text(dictionary, 'meta.description').replace('{name}', name);
  const title = text(dictionary, 'meta.title').replace('{name}', name);
  const imageAlt = text(dictionary, 'meta.imageAlt')
    .replace('{name}', name)
    .replace('{tagline}', text(dictionary, 'header.tagline'));
  return { description, title, imageAlt };
}

const decodeEntities = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Reads the `content` of every `<meta {attribute}="{key}">` in static HTML, as a crawler would. */
function metaContents(html: string, attribute: 'name' | 'property', key: string): string[] {
  const tags = html.match(/<meta\s[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.includes(`${attribute}="${key}"`))
    .map((tag) => decodeEntities(/\scontent="([^"]*)"/.exec(tag)?.[1] ?? ''));
}

/** The `href` of every `<link rel="{rel}">` in static HTML. */
function linkHrefs(html: string, rel: string): string[] {
  const tags = html.match(/<link\s[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.includes(`rel="${rel}"`))
    .map((tag) => decodeEntities(/\shref="([^"]*)"/.exec(tag)?.[1] ?? ''));
}

async function staticHtml(request: APIRequestContext): Promise<string> {
  const response = await request.get('./');
  expect(response.status()).toBe(200);
  return response.text();
}

/** The site's own copy of a URL under the configured public address (e.g. the og:image). */
const localPath = (absolute: string) => {
  expect(absolute.startsWith(business.siteUrl), `${absolute} is under ${business.siteUrl}`).toBe(
    true,
  );
  return `./${absolute.slice(business.siteUrl.length)}`;
};

async function expectImage(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), `${path} answers`).toBe(200);
  expect(response.headers()['content-type'], `${path} is an image`).toMatch(/^image\//);
  expect((await response.body()).length, `${path} is not empty`).toBeGreaterThan(100);
}

test.describe('the static index.html, as a crawler without JavaScript reads it', () => {
  test(
    'carries the German description, Open Graph and Twitter card, and the canonical link',
    READS_CONTENT,
    async ({ request }) => {
      const html = await staticHtml(request);
      const { description, title, imageAlt } = expectedMeta(de);
      const one = (attribute: 'name' | 'property', key: string) => {
        const contents = metaContents(html, attribute, key);
        expect(contents, `exactly one <meta ${attribute}="${key}">`).toHaveLength(1);
        return contents[0];
      };

      expect(one('name', 'description')).toBe(description);
      expect(one('property', 'og:type')).toBe('website');
      expect(one('property', 'og:site_name')).toBe(name);
      expect(one('property', 'og:title')).toBe(title);
      expect(one('property', 'og:description')).toBe(description);
      expect(one('property', 'og:url')).toBe(business.siteUrl);
      expect(one('property', 'og:locale')).toBe('de_DE');
      expect(one('property', 'og:locale:alternate')).toBe('en_US');
      expect(one('property', 'og:image')).toBe(`${business.siteUrl}og-image.png`);
      expect(one('property', 'og:image:width')).toBe('1200');
      expect(one('property', 'og:image:height')).toBe('630');
      expect(one('property', 'og:image:alt')).toBe(imageAlt);
      expect(one('name', 'twitter:card')).toBe('summary_large_image');
      expect(one('name', 'twitter:title')).toBe(title);
      expect(one('name', 'twitter:description')).toBe(description);
      expect(one('name', 'twitter:image')).toBe(`${business.siteUrl}og-image.png`);
      expect(one('name', 'twitter:image:alt')).toBe(imageAlt);
      expect(linkHrefs(html, 'canonical')).toEqual([business.siteUrl]);
    },
  );

  test(
    'links the favicons, PNG before SVG, and only images that answer as images',
    READS_CONTENT,
    async ({ request }) => {
      const html = await staticHtml(request);
      const icons = linkHrefs(html, 'icon');
      expect(icons).toEqual(['./favicon-32.png', './favicon.svg']);
      for (const path of icons) await expectImage(request, path);
      const appleTouch = linkHrefs(html, 'apple-touch-icon');
      expect(appleTouch).toHaveLength(1);
      const ogImage = localPath(metaContents(html, 'property', 'og:image')[0] ?? '');
      for (const path of [...appleTouch, ogImage]) await expectImage(request, path);
    },
  );
});

// The web app manifest is read beside the page that links it: 'the home page in a German browser'.
test.describe('robots.txt and sitemap.xml', () => {
  test(
    'robots.txt allows every crawler and names the sitemap',
    READS_CONTENT,
    async ({ request }) => {
      const response = await request.get('./robots.txt');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/plain/);
      const robots = await response.text();
      expect(robots).toMatch(/^User-agent: \*$/m);
      expect(robots).not.toMatch(/^Disallow: \S/m);
      expect(robots).toMatch(new RegExp(`^Sitemap: ${business.siteUrl}sitemap\\.xml$`, 'm'));
    },
  );

  test(
    'sitemap.xml is a sitemap that lists every address: the root and each language',
    READS_CONTENT,
    async ({ request, page }) => {
      const response = await request.get('./sitemap.xml');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/xml/);
      const xml = await response.text();
      // The browser's XML parser judges whether the file is well-formed.
      const parsed = await page.evaluate((source) => {
        const document = new DOMParser().parseFromString(source, 'application/xml');
        return {
          error: document.querySelector('parsererror')?.textContent ?? null,
          root: document.documentElement.localName,
          namespace: document.documentElement.namespaceURI,
          locs: [...document.getElementsByTagName('loc')].map((loc) => loc.textContent),
        };
      }, xml);
      expect(parsed).toEqual({
        error: null,
        root: 'urlset',
        namespace: 'http://www.sitemaps.org/schemas/sitemap/0.9',
        locs: [business.siteUrl, `${business.siteUrl}de/`, `${business.siteUrl}en/`],
      });
    },
  );
});

const metaLocator = (page: Page, attribute: 'name' | 'property', key: string) =>
  page.locator(`head meta[${attribute}="${key}"]`);

async function expectMetaIn(page: Page, dictionary: Dictionary, locale: string) {
  const { description, title, imageAlt } = expectedMeta(dictionary);
  const other = locale === 'de_DE' ? 'en_US' : 'de_DE';
  for (const [attribute, key, content] of [
    ['name', 'description', description],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:locale', locale],
    ['property', 'og:locale:alternate', other],
    ['property', 'og:image:alt', imageAlt],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image:alt', imageAlt],
  ] as const) {
    await expect(metaLocator(page, attribute, key)).toHaveCount(1);
    await expect(metaLocator(page, attribute, key), `${key}`).toHaveAttribute('content', content);
  }
}

test.describe('the description and link preview texts follow the language', () => {
  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('they are English from the start, on every page', READS_CONTENT, async ({ page }) => {
      for (const route of ROUTES) {
        await page.goto(`./#/${route}`);
        await expectMetaIn(page, en, 'en_US');
      }
    });
  });
});

// One load of the home page in a German browser for everything read from it; the language switch
// changes the page, so it comes last.
test.describe('the home page in a German browser', () => {
  test(
    'matches the JSON-LD, links the manifest, keeps the noscript block out and switches its preview texts',
    READS_CONTENT,
    async ({ request, page }) => {
      const html = await staticHtml(request);
      await page.goto('./#/home');

      await test.step('with JavaScript enabled, the noscript block stays out of the page', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('noscript p, noscript article')).toHaveCount(0);
        await expect(page.getByText(text(de, 'noscript.notice'))).toHaveCount(0);
        // Without JavaScript: e2e/without-javascript.spec.ts.
      });

      await test.step('the static index.html has JSON-LD whose name, phone and e-mail are those the home page shows', async () => {
        const blocks = [
          ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
        ].map((match) => match[1] ?? '');
        expect(blocks).toHaveLength(1);
        const data = JSON.parse(blocks[0] ?? '') as Record<string, unknown>;
        expect(data['@context']).toBe('https://schema.org');
        expect(data['@type']).toBe('ProfessionalService');
        expect(data.url).toBe(business.siteUrl);
        expect(data.address).toMatchObject({
          '@type': 'PostalAddress',
          streetAddress: business.street,
          postalCode: business.postalCode,
          addressLocality: business.town,
        });

        await expect(page.getByRole('heading', { level: 1 })).toContainText(String(data.name));
        const contact = page.getByRole('region', { name: text(de, 'contact.title') });
        await expect(contact.locator('a[href^="tel:"]')).toHaveText(String(data.telephone));
        await expect(contact.locator('a[href^="mailto:"]')).toHaveText(String(data.email));
        await expect(page.getByRole('contentinfo')).toContainText(String(data.legalName));
      });

      await test.step('the manifest is linked once the page has painted, valid JSON, in German, and its icons answer as images', async () => {
        await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
          'href',
          './manifest.webmanifest',
        );
        const response = await request.get('./manifest.webmanifest');
        expect(response.status()).toBe(200);
        const manifest = (await response.json()) as {
          name: string;
          short_name: string;
          description: string;
          start_url: string;
          lang: string;
          display: string;
          theme_color: string;
          icons: { src: string; sizes: string; type: string }[];
        };
        expect(manifest).toMatchObject({
          short_name: name,
          start_url: './',
          lang: 'de',
          description: expectedMeta(de).description,
        });
        expect(manifest.name).toContain(name);
        expect(['browser', 'standalone']).toContain(manifest.display);
        expect(metaContents(html, 'name', 'theme-color')).toEqual([manifest.theme_color]);
        expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
          expect.arrayContaining(['192x192', '512x512']),
        );
        for (const icon of manifest.icons) {
          await expectImage(
            request,
            new URL(icon.src, 'http://host/').pathname.replace(/^\//, './'),
          );
        }
      });

      await test.step('the description and link preview texts follow the language: switching to English and back switches them', async () => {
        await expectMetaIn(page, de, 'de_DE');
        const languages = (label: string) => page.getByRole('navigation', { name: label });

        await languages(text(de, 'language.label'))
          .getByRole('link', { name: languageOptionName('en'), exact: true })
          .click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expectMetaIn(page, en, 'en_US');

        await languages(text(en, 'language.label'))
          .getByRole('link', { name: languageOptionName('de'), exact: true })
          .click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
        await expectMetaIn(page, de, 'de_DE');
      });
    },
  );
});
