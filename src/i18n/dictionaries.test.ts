import { describe, expect, it, vi } from 'vitest';
import { createDictionaryLoader, dictionaryUrl } from './dictionaries';

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

  it('replaces a file that fails with an empty dictionary and logs why, without retrying', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchJson = fakeServer({ './assets/i18n/de.json': de });
    const load = createDictionaryLoader(fetchJson);
    await expect(load('en')).resolves.toEqual([{}, de]);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('./assets/i18n/en.json'),
      expect.any(Error),
    );
    await load('en');
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['an array', ['Hallo']],
    ['a number leaf', { count: 3 }],
    ['null', null],
  ])('rejects a body that is %s', async (_, body) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = createDictionaryLoader(fakeServer({ './assets/i18n/de.json': body }));
    await expect(load('de')).resolves.toEqual([{}]);
    expect(error).toHaveBeenCalledOnce();
  });
});
