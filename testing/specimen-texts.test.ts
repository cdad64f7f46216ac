import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_ICONS } from '../src/content/home-sections.ts';
import { textAt, type Dictionary } from '../src/i18n/translate.ts';
import { SPECIMENS } from '../e2e/support/specimens.ts';
import { findUsedKeys } from '../site-build/content-check/used-keys.ts';
import { specimenTexts } from './specimen-texts.ts';

const SHOWN = findUsedKeys().shown;
const specimen = JSON.parse(
  readFileSync(`${SPECIMENS.visual.folder}/de.json`, 'utf8'),
) as Dictionary;

describe('specimenTexts', () => {
  it('leaves each specimen as it is while it has every key the site shows', () => {
    for (const { folder } of Object.values(SPECIMENS)) {
      for (const language of ['de', 'en']) {
        const own = JSON.parse(readFileSync(`${folder}/${language}.json`, 'utf8')) as Dictionary;
        expect(specimenTexts(own, SHOWN)).toEqual({ texts: own, derived: [], missing: [] });
      }
    }
  });

  it('draws a new area, its header link and its items with the words of the first area', () => {
    const shown = new Set([
      ...SHOWN,
      'nav.training',
      'training.title',
      'training.lead',
      ...[0, 1, 2].flatMap((at) => [`training.items.${at}`, `training.descriptions.${at}`]),
    ]);
    const icons = { ...SERVICE_ICONS, training: ['graduation-cap', 'presentation', 'users'] };
    const { texts, derived, missing } = specimenTexts(specimen, shown, icons);
    const [first = 'consulting'] = Object.keys(SERVICE_ICONS);
    expect({ derived, missing }).toEqual({ derived: [`training from ${first}`], missing: [] });
    for (const key of ['title', 'lead', 'items.2', 'descriptions.2']) {
      expect(textAt(texts, `training.${key}`)).toBe(textAt(specimen, `${first}.${key}`));
    }
    expect(textAt(texts, 'nav.training')).toBe(textAt(specimen, `nav.${first}`));
    expect(textAt(texts, 'training.items.3')).toBeUndefined();
  });

  it('gives an area one item more with the words of its own first', () => {
    const [area = 'consulting', icons = []] = Object.entries(SERVICE_ICONS)[0] ?? [];
    const { texts, derived } = specimenTexts(specimen, SHOWN, {
      ...SERVICE_ICONS,
      [area]: [...icons, 'users'],
    });
    expect(derived).toEqual([`${area}.items.${icons.length}`]);
    expect(textAt(texts, `${area}.items.${icons.length}`)).toBe(
      textAt(specimen, `${area}.items.0`),
    );
  });

  it('names a key the site shows that the specimen lacks, and nothing else', () => {
    const shown = new Set([...SHOWN, 'contact.fax']);
    expect(specimenTexts(specimen, shown).missing).toEqual(['contact.fax']);
  });
});
