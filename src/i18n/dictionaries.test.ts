import { describe, expect, it, vi } from 'vitest';
import shippedGerman from '../../public/assets/i18n/de.json';
import shippedEnglish from '../../public/assets/i18n/en.json';
import { createDictionaryLoader, dictionaryUrl } from './dictionaries.ts';

const de = { greeting: 'Hallo' };
const en = { greeting: 'Hello' };

function fakeServer(files: Record<string, unknown>) {
  return vi.fn<(url: string) => Promise<unknown>>(async (url) => {
    if (!(url in files)) throw new Error(`GET ${url} answered 404`);
    return files[url];
  });
}

describe('createDictionaryLoader', () => {
  it('uses the path the specification fixes', () => {
    expect(dictionaryUrl('de')).toBe('./assets/i18n/de.json');
    expect(dictionaryUrl('en')).toBe('./assets/i18n/en.json');
  });

  it('loads German alone for German, English with German behind it', async () => {
    const fetchJson = fakeServer({ './assets/i18n/de.json': de, './assets/i18n/en.json': en });
    const load = createDictionaryLoader(fetchJson);
    await expect(load('de')).resolves.toEqual([de]);
    await expect(load('en')).resolves.toEqual([en, de]);
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });

  it('returns the same promise on every call, as React.use() needs', () => {
    const load = createDictionaryLoader(fakeServer({ './assets/i18n/de.json': de }));
    expect(load('de')).toBe(load('de'));
  });

  it('replaces a file that fails with the texts the page was built with, logs why once, never retries', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchJson = fakeServer({ './assets/i18n/de.json': de });
    const built = vi.fn<(language: string) => Promise<{ greeting: string }>>(async (language) => ({
      greeting: `built ${language}`,
    }));
    const load = createDictionaryLoader(fetchJson, built);
    await expect(load('en')).resolves.toEqual([{ greeting: 'built en' }, de]);
    expect(error).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('./assets/i18n/en.json'),
      expect.any(Error),
    );
    await load('en');
    expect(fetchJson).toHaveBeenCalledTimes(2);
    expect(built).toHaveBeenCalledOnce();
  });

  it('falls back to German, then the keys, only when the built texts cannot be had either', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchJson = fakeServer({ './assets/i18n/de.json': de });
    const load = createDictionaryLoader(fetchJson, () => Promise.reject(new Error('offline')));
    await expect(load('en')).resolves.toEqual([{}, de]);
    expect(error).toHaveBeenCalledOnce();
  });

  it('by default falls back to the shipped files themselves, as built into the app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = createDictionaryLoader(fakeServer({}));
    const [english, german] = await load('en');
    expect(english).toEqual(shippedEnglish);
    expect(german).toEqual(shippedGerman);
  });

  it.each([
    ['an array', ['Hallo']],
    ['a number leaf', { count: 3 }],
    ['null', null],
  ])('rejects a body that is %s', async (_, body) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = createDictionaryLoader(
      fakeServer({ './assets/i18n/de.json': body }),
      async () => ({
        built: 'yes',
      }),
    );
    await expect(load('de')).resolves.toEqual([{ built: 'yes' }]);
    expect(error).toHaveBeenCalledOnce();
  });
});
