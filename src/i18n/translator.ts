import type { I18n } from './i18n-context.ts';
import { lookupOrder, type Language } from './language.ts';
import { translate, type Dictionary } from './translate.ts';

/** The texts of every language, as the build and the prerender read them. */
export type Dictionaries = Readonly<Record<Language, Dictionary>>;

/**
 * `t` for `language` outside the app's React tree (the prerender, the build's files): its texts,
 * German behind them, looked up by the app's own `translate`.
 */
export function translatorFor(dictionaries: Dictionaries, language: Language): I18n['t'] {
  const chain = lookupOrder(language).map((each) => dictionaries[each]);
  return (key, params) => translate(chain, key, params);
}
