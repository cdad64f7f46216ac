import { isLanguage, LANGUAGES, type Language } from './language.ts';

/**
 * Each language has an address of its own (`./de/`, `./en/`), which search engines index and
 * people share; the root address (`./`) adapts to the visitor (saved choice, browser, German).
 * A page says which it is by an attribute on `<html>`: the language of a language's address,
 * absent on the root. The boot script reads the same attribute (see src/prerender/boot-script.ts).
 */
export const FIXED_LANGUAGE_ATTRIBUTE = 'data-fixed-language';

/** The page's own language when it was served from a language's address; null on the root. */
export type AddressLanguage = Language | null;

export function readAddressLanguage(
  root: Element | null = globalThis.document?.documentElement ?? null,
): AddressLanguage {
  const value = root?.getAttribute(FIXED_LANGUAGE_ATTRIBUTE);
  return isLanguage(value) ? value : null;
}

/** The folder of a language's address, relative to the site's root: `en/`. */
export const languageFolder = (language: Language): string => `${language}/`;

/**
 * The address of `target`'s version of the page at `route` (a hash route such as `#/imprint`),
 * relative to the page the visitor is on, so that the site works from any sub-folder of a host:
 * from the root `./en/#/imprint`, from a language's address `../en/#/imprint`.
 */
export const languageAddress = (target: Language, from: AddressLanguage, route: string): string =>
  `${from === null ? './' : '../'}${languageFolder(target)}${route}`;

/** Every address the build writes a document for: the root first, then each language's. */
export const ADDRESSES: readonly AddressLanguage[] = [null, ...LANGUAGES];

/** The document's folder inside the build, relative to its root: `''` or `en/`. */
export const addressFolder = (address: AddressLanguage): string =>
  address === null ? '' : languageFolder(address);

/** The public URL of an address, from the site's configured URL (which ends in `/`). */
export const addressUrl = (siteUrl: string, address: AddressLanguage): string =>
  new URL(addressFolder(address), siteUrl).href;

/**
 * A file at the site's root (`contact.vcf`), addressed from the page the visitor is on: a
 * language's own address lives one folder down.
 */
export const rootFileHref = (path: string, from: AddressLanguage): string =>
  `${from === null ? './' : '../'}${path}`;
