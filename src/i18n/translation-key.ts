import type german from '../../public/assets/i18n/de.json';

type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the German translation file, so that a mistyped key fails the type check. */
export type TranslationKey = LeafPaths<typeof german>;
