import { SERVICE_AREAS } from '../../src/content/home-sections.ts';
import { isLanguage, type Language } from '../../src/i18n/language.ts';
import { entryAt, type Dictionary } from '../../src/i18n/translate.ts';

/** The group, in both files alike, that says which language a service name is in. */
export const NAME_LANGUAGE_GROUP = 'itemLanguages';

function group(dictionary: Dictionary, path: string): Dictionary {
  const node = entryAt(dictionary, path);
  return typeof node === 'object' ? node : {};
}

/**
 * Each service name's language, by key, from the texts, so a new service gets its `lang` (WCAG
 * 3.1.2): its mark in `<area>.itemLanguages`, else English where de.json has the English name.
 */
export function serviceNameLanguages(de: Dictionary, en: Dictionary): Record<string, Language> {
  const languages: Record<string, Language> = {};
  for (const area of SERVICE_AREAS) {
    const german = group(de, `${area}.items`);
    const english = group(en, `${area}.items`);
    const marks = {
      ...group(en, `${area}.${NAME_LANGUAGE_GROUP}`),
      ...group(de, `${area}.${NAME_LANGUAGE_GROUP}`),
    };
    for (const [key, mark] of Object.entries(marks)) {
      if (!isLanguage(mark)) {
        throw new Error(
          `The translation files' ${area}.${NAME_LANGUAGE_GROUP}.${key} must be "de" or "en", not ${JSON.stringify(mark)}.`,
        );
      }
    }
    for (const key of Object.keys(german)) {
      const mark = marks[key];
      if (isLanguage(mark)) languages[`${area}.items.${key}`] = mark;
      else if (typeof german[key] === 'string' && german[key] === english[key]) {
        languages[`${area}.items.${key}`] = 'en';
      }
    }
  }
  return languages;
}
