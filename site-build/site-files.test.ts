import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APACHE_CONFIG, notFoundPage, precompress, writeDeployFiles } from './site-files.ts';
import { NEUTRALS } from './content-check/brand-colors.ts';
import { cdnHeaders, headerPolicy } from '../hosting/header-policy.ts';

const de = {
  notFound: {
    title: 'Seite nicht gefunden',
    heading: 'Gibt es nicht',
    text: 'Alles über {name} <hier>.',
    homeLink: 'Zur Startseite',
  },
  footer: { navLabel: 'Rechtliches', imprint: 'Impressum', privacy: 'Datenschutz' },
};
const en = {
  notFound: { title: 'Page not found', heading: 'Does not exist', homeLink: 'To the home page' },
  footer: { navLabel: 'Legal', imprint: 'Legal notice', privacy: 'Privacy' },
};
const facts = {
  name: 'Muster & Co',
  siteUrl: 'https://example.com/firma/',
  brand: { accent: '#0b5cad', accentDark: '#7ab8f5' },
};

let outDir: string;
beforeEach(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'deploy-files-'));
});
afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('notFoundPage', () => {
  const html = notFoundPage({ de, en }, facts);

  it('says it in both languages, from the translation files, escaped', () => {
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<section lang="de">');
    expect(html).toContain('<section lang="en">');
    expect(html).toContain('Gibt es nicht');
    expect(html).toContain('Does not exist');
    expect(html).toContain('Alles über Muster &#38; Co &#60;hier&#62;.');
    expect(html).toContain(
      '<title>Seite nicht gefunden · Page not found – Muster &#38; Co</title>',
    );
  });

  it('falls back to German for a text the English file lacks', () => {
    expect(html.match(/Alles über Muster/g)).toHaveLength(2);
  });

  it('links home, the imprint and the privacy statement from any depth, each section in its language', () => {
    expect(html.match(/<a href="([^"]*)"/g)).toEqual([
      '<a href="/firma/#/home"',
      '<a href="/firma/de/#/imprint"',
      '<a href="/firma/de/#/privacy"',
      '<a href="/firma/#/home"',
      '<a href="/firma/en/#/imprint"',
      '<a href="/firma/en/#/privacy"',
    ]);
    expect(html).toContain('>Zur Startseite</a>');
    expect(html).toContain('>To the home page</a>');
    expect(html).toContain('<a href="/firma/de/#/imprint">Impressum</a>');
    expect(html).toContain('<a href="/firma/en/#/privacy">Privacy</a>');
  });

  it("takes its colours from the owner's brand: a new accent colours its links and focus ring", () => {
    const accent = '#8a2be2';
    const page = notFoundPage({ de, en }, { ...facts, brand: { ...facts.brand, accent } });
    expect(page).toContain(`a { color: ${accent}; }`);
    expect(page).toContain(`outline: 3px solid ${accent};`);
    expect(page).not.toContain(facts.brand.accent);
    expect(page).toContain(`color: ${NEUTRALS.light.text};`);
    expect(page).toContain(`background: ${NEUTRALS.light.background};`);
  });

  it('needs nothing the Content-Security-Policy forbids, and no second request', () => {
    expect(html).not.toMatch(/<script|<link|<img|src=|style="|\son\w+=/);
    expect(html).toContain('<style>');
  });
});

describe('writeDeployFiles', () => {
  const policy = headerPolicy("default-src 'self'");

  it('writes 404.html from the built translation files, the .htaccess and _headers', async () => {
    await mkdir(join(outDir, 'assets/i18n'), { recursive: true });
    await writeFile(join(outDir, 'assets/i18n/de.json'), JSON.stringify(de));
    await writeFile(join(outDir, 'assets/i18n/en.json'), JSON.stringify(en));
    await writeDeployFiles(outDir, policy);
    expect(await readFile(join(outDir, '404.html'), 'utf8')).toContain('Does not exist');
    expect(await readFile(join(outDir, '.htaccess'), 'utf8')).toBe(
      await readFile(APACHE_CONFIG, 'utf8'),
    );
    expect(await readFile(join(outDir, '_headers'), 'utf8')).toBe(cdnHeaders(policy));
  });

  it('names the translation file that is not valid JSON', async () => {
    await mkdir(join(outDir, 'assets/i18n'), { recursive: true });
    await writeFile(join(outDir, 'assets/i18n/de.json'), '{');
    await expect(writeDeployFiles(outDir, policy)).rejects.toThrow(
      /assets\/i18n\/de\.json:1:1: this group is never closed/,
    );
  });
});

const text = (bytes: number) => 'const answer = 42; // compressible\n'.repeat(bytes / 35 + 1);

describe('precompress', () => {
  it('writes .br and .gz next to every compressible file of 1 KB or more', async () => {
    await mkdir(join(outDir, 'assets/i18n'), { recursive: true });
    const files = {
      'index.html': text(4000),
      'assets/index-AbCd1234.js': text(2000),
      'manifest.webmanifest': text(1100),
      'small.css': text(500),
      'og-image.png': text(3000),
      '.htaccess': text(3000),
      'assets/i18n/de.json': text(3000),
    };
    await Promise.all(
      Object.entries(files).map(([path, content]) => writeFile(join(outDir, path), content)),
    );
    await precompress(outDir);

    const written = (await readdir(outDir, { recursive: true }))
      .filter((path) => /\.(br|gz)$/.test(path))
      .toSorted();
    expect(written).toEqual(
      [
        'assets/i18n/de.json.br',
        'assets/i18n/de.json.gz',
        'assets/index-AbCd1234.js.br',
        'assets/index-AbCd1234.js.gz',
        'index.html.br',
        'index.html.gz',
        'manifest.webmanifest.br',
        'manifest.webmanifest.gz',
      ].map((path) => join(path)),
    );
    const brotli = await readFile(join(outDir, 'index.html.br'));
    const gzip = await readFile(join(outDir, 'index.html.gz'));
    expect(brotliDecompressSync(brotli).toString()).toBe(files['index.html']);
    expect(gunzipSync(gzip).toString()).toBe(files['index.html']);
    expect(brotli.length).toBeLessThan(gzip.length);
  });

  it('writes no copy that would not be smaller', async () => {
    await writeFile(join(outDir, 'noise.txt'), randomBytes(4096));
    await precompress(outDir);
    expect(await readdir(outDir)).toEqual(['noise.txt']);
  });
});
