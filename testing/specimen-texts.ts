import { SERVICE_ICONS } from '../src/content/home-sections.ts';
import { textAt, type Dictionary } from '../src/i18n/translate.ts';
import type { WritableDictionary } from './content-copy.ts';

/*
 * A specimen's translation file made complete for the site's service areas: a specimen holds its
 * own words, fixed so that the pictures never follow the owner's, and an area or item it has no
 * words for is drawn with the words of one it has, so that a new area needs no specimen edit.
 */

export interface SpecimenTexts {
  texts: Dictionary;
  /** What was derived, to be said: `training from consulting`. */
  derived: string[];
  /** Keys the site shows that the specimen still lacks. */
  missing: string[];
}

const group = (texts: WritableDictionary, key: string): WritableDictionary => {
  if (typeof texts[key] !== 'object') texts[key] = {};
  return texts[key] as WritableDictionary;
};

/**
 * `specimen` with every area of `serviceIcons` and every item of theirs given words: an area it
 * lacks takes the title, lead and items of the first area it has (and its header link's name), an
 * item it lacks those of its area's items in turn. `shown` is every key the site shows.
 */
export function specimenTexts(
  specimen: Dictionary,
  shown: ReadonlySet<string>,
  serviceIcons: Readonly<Record<string, readonly string[]>> = SERVICE_ICONS,
): SpecimenTexts {
  const texts = structuredClone(specimen) as WritableDictionary;
  const derived: string[] = [];
  const model = Object.keys(serviceIcons).find((area) => typeof texts[area] === 'object');
  for (const [area, icons] of Object.entries(serviceIcons)) {
    const isDerived = typeof texts[area] !== 'object' && model !== undefined;
    if (isDerived) {
      const from = group(texts, model);
      texts[area] = { title: from['title'] ?? '', lead: from['lead'] ?? '' };
      const nav = group(texts, 'nav');
      nav[area] = nav[model] ?? '';
      derived.push(`${area} from ${model}`);
    }
    for (const part of ['items', 'descriptions']) {
      const list = group(group(texts, area), part);
      const source = group(group(texts, isDerived ? model : area), part);
      const words = Object.values(source).filter((each) => typeof each === 'string');
      for (let position = 0; position < icons.length; position += 1) {
        if (list[position] !== undefined || words.length === 0) continue;
        list[position] = words[position % words.length] ?? '';
        if (part === 'items' && !isDerived) derived.push(`${area}.items.${position}`);
      }
    }
  }
  const missing = [...shown].filter((key) => textAt(texts, key) === undefined).toSorted();
  return { texts, derived, missing };
}
