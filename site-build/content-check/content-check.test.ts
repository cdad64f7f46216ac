import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { business } from '../../src/content/business.ts';
import { EU_ADEQUACY, SWISS_ADEQUACY } from '../../src/content/country-codes.ts';
import { DICTIONARY_URL_PATTERN } from '../../src/i18n/dictionaries.ts';
import {
  adequacyNotice,
  BUSINESS_FILE,
  businessFactProblems,
  checkContent,
  keyParityProblems,
  keyUsageProblems,
  placeholderProblems,
  serviceAreaProblems,
} from './content-check.ts';
import { SERVICE_AREAS, SERVICE_ICONS, itemPositions } from '../../src/content/home-sections.ts';
import {
  ContentError,
  formatProblem,
  loadTranslationFiles,
  parseTranslationFile,
  readTranslationFiles,
  TRANSLATION_DIR,
  TRANSLATION_FILES,
} from './translation-files.ts';
import { findUsedKeys } from './used-keys.ts';

const shipped = {
  de: readFileSync(TRANSLATION_FILES.de, 'utf8'),
  en: readFileSync(TRANSLATION_FILES.en, 'utf8'),
};
/** Both files as read from `texts`, under their real names. */
const filesOf = (texts: { de: string; en: string }) => ({
  de: parseTranslationFile(TRANSLATION_FILES.de, texts.de),
  en: parseTranslationFile(TRANSLATION_FILES.en, texts.en),
});
/** `text` with `entry` added as the last entry of the group `group`. */
const withEntry = (text: string, group: string, entry: string) =>
  text.replace(new RegExp(`("${group}": \\{\\n)`), `$1    ${entry},\n`);

/** `text` without `contact.saveHint`, the last text of its group (so the comma before it goes too). */
const withoutSaveHint = (text: string) => text.replace(/,\n\s*"saveHint": "[^"]*"/, '');

/** `text` with the texts of an area the site does not list, and its header link. */
const withTraining = (text: string) => {
  const texts = JSON.parse(text) as Record<string, Record<string, unknown>>;
  texts['nav'] = { ...texts['nav'], training: 'Schulung' };
  texts['training'] = {
    title: 'Schulung',
    lead: 'Wir schulen.',
    items: { 0: 'Workshops', 1: 'Coaching' },
    descriptions: { 0: 'Einer.', 1: 'Zwei.' },
  };
  return `${JSON.stringify(texts, null, 2)}\n`;
};

const used = findUsedKeys();
const messages = (problems: { severity: string }[]) =>
  problems.map((problem) => `${problem.severity} ${formatProblem(problem as never)}`);

describe('the translation files', () => {
  it('live where the specification has the site fetch them', () => {
    expect(`public/${DICTIONARY_URL_PATTERN.slice(2)}`).toBe(`${TRANSLATION_DIR}/{lang}.json`);
  });

  it('are read the same by everyone, and the shipped ones have no problem', () => {
    const files = loadTranslationFiles();
    expect(files.de.problems).toEqual([]);
    expect(files.de.dictionary).toEqual(JSON.parse(shipped.de));
    expect(readTranslationFiles().en).toEqual(JSON.parse(shipped.en));
  });

  it('a broken file is named with line and column, every mistake of it', () => {
    const text = '{\n  "a": "x",\n  "b": "y"\n  "c": { "d": "z", }\n}\n';
    const file = parseTranslationFile('public/assets/i18n/de.json', text);
    expect(file.dictionary).toBeUndefined();
    expect(file.problems.map(formatProblem)).toEqual([
      'public/assets/i18n/de.json:3:11: a comma is missing here, between two entries',
      'public/assets/i18n/de.json:4:18: a comma after the last entry of a group; remove it',
    ]);
  });

  it('a text that is not a text is named by its key and line', () => {
    const file = parseTranslationFile('x.json', '{\n  "carousel": {\n    "0": 42\n  }\n}');
    expect(file.problems.map(formatProblem)).toEqual([
      'x.json:3:5: "carousel.0" must be a text in double quotes or a group { … }, not the number 42',
    ]);
  });

  it('reading stops with one error that names every mistake of both files', () => {
    const error = (() => {
      try {
        readTranslationFiles({ de: 'missing/de.json', en: 'missing/en.json' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toMatch(/2 mistakes:\n {2}missing\/de\.json: cannot be read/);
  });
});

describe('checkContent', () => {
  it('finds nothing wrong with the shipped content', () => {
    expect(
      checkContent({
        files: loadTranslationFiles(),
        facts: business,
        businessSource: readFileSync(BUSINESS_FILE, 'utf8'),
        usedKeys: used,
      }),
    ).toEqual([]);
  });

  it('names a key one file has and the other lacks, in the file that lacks it', () => {
    const files = filesOf({ ...shipped, en: withEntry(shipped.en, 'contact', '"fax": "Fax"') });
    expect(messages(keyParityProblems(files))).toEqual([
      expect.stringMatching(
        /^error public\/assets\/i18n\/de\.json: lacks "contact\.fax", which en\.json has \(line \d+\)$/,
      ),
    ]);
  });

  it('warns of a key the site never uses, naming it and its place: a sixth carousel slide', () => {
    const de = withEntry(shipped.de, 'carousel', '"5": "Ein sechster Satz."');
    const en = withEntry(shipped.en, 'carousel', '"5": "A sixth sentence."');
    const line = de.split('\n').findIndex((each) => each.includes('"5": "Ein sechster')) + 1;
    expect(messages(keyUsageProblems(filesOf({ de, en }), used))).toEqual([
      `warning public/assets/i18n/de.json:${line}:5: "carousel.5" is never shown, as far as the key finder sees: it finds a key only where the code writes it out ('carousel.0') or builds it from literal types alone (\`carousel.\${index}\` over a list \`as const\`), not from a plain number or string. A new text needs code that shows it; or is the key misspelt?`,
      expect.stringMatching(
        /^warning public\/assets\/i18n\/en\.json:\d+:5: "carousel\.5" is never/,
      ),
    ]);
  });

  it('finds each area’s own items: as many as the area names icons', () => {
    expect(
      [...used.shown].filter((key) => /^[^.]+\.(items|descriptions)\./.test(key)).toSorted(),
    ).toEqual(
      SERVICE_AREAS.flatMap((area) =>
        itemPositions(area).flatMap((position) => [
          `${area}.items.${position}`,
          `${area}.descriptions.${position}`,
        ]),
      ).toSorted(),
    );
  });

  it('gives texts for an area that is not in SERVICE_ICONS one line, not one per key', () => {
    const files = filesOf({ de: withTraining(shipped.de), en: withTraining(shipped.en) });
    expect(messages(checkContent({ files, facts: business, usedKeys: used }))).toEqual([
      expect.stringMatching(
        /^warning public\/assets\/i18n\/de\.json:\d+:5: training is not a service area: add it to `SERVICE_ICONS` in src\/content\/home-sections\.ts, one icon per item, to show it$/,
      ),
    ]);
  });

  it('gives an item beyond its area’s icons one line, naming the list', () => {
    const area = SERVICE_AREAS[0] ?? 'consulting';
    const next = SERVICE_ICONS[area].length;
    const withItem = (text: string) => {
      const texts = JSON.parse(text) as Record<string, Record<string, Record<string, string>>>;
      const group = texts[area] ?? {};
      group['items'] = { ...group['items'], [next]: 'Mehr' };
      group['descriptions'] = { ...group['descriptions'], [next]: 'Noch mehr.' };
      return `${JSON.stringify(texts, null, 2)}\n`;
    };
    const files = filesOf({ de: withItem(shipped.de), en: withItem(shipped.en) });
    expect(messages(checkContent({ files, facts: business, usedKeys: used }))).toEqual([
      expect.stringContaining(
        `"${area}.items.${next}" has no icon, so the page does not show it: \`SERVICE_ICONS\` in src/content/home-sections.ts names ${next} for ${area}, one per item; add one for each`,
      ),
    ]);
  });

  it('gives an area in SERVICE_ICONS without texts one error, not one per key', () => {
    const { problems, covered } = serviceAreaProblems(filesOf(shipped), {
      ...SERVICE_ICONS,
      training: ['graduation-cap', 'users'],
    });
    expect(messages(problems)).toEqual([
      'error public/assets/i18n/de.json: has no texts for the service area training, which `SERVICE_ICONS` in src/content/home-sections.ts names: add a group "training" (title, lead, items and descriptions numbered from "0", 2 of each) and "nav.training" to both files, or remove the entry',
    ]);
    const shown = new Set([...used.shown, 'nav.training', 'training.title', 'training.items.1']);
    expect(keyUsageProblems(filesOf(shipped), { ...used, shown }, covered)).toEqual([]);
  });

  it('names an icon lucide does not have, and where it is listed', () => {
    const [area = 'consulting', icons = []] = Object.entries(SERVICE_ICONS)[0] ?? [];
    const { problems } = serviceAreaProblems(filesOf(shipped), {
      ...SERVICE_ICONS,
      [area]: [...icons.slice(1), 'no-such-icon'],
    });
    expect(messages(problems)).toEqual([
      `error src/content/home-sections.ts: SERVICE_ICONS names the icon "no-such-icon" for ${area}, which lucide does not have: choose one on https://lucide.dev/icons and write its name as the page shows it`,
    ]);
  });

  it('names a key the site shows that both files lack', () => {
    const files = filesOf({ de: withoutSaveHint(shipped.de), en: withoutSaveHint(shipped.en) });
    expect(files.de.problems).toEqual([]);
    expect(messages(keyUsageProblems(files, used))).toEqual([
      'error public/assets/i18n/de.json: lacks "contact.saveHint", which the site shows; without it the page shows the key itself',
    ]);
  });

  it('warns of a text whose placeholders differ from the German one', () => {
    const en = shipped.en.replace('{year} {name}', '{year} {nmae}');
    expect(messages(placeholderProblems(filesOf({ ...shipped, en })))).toEqual([
      expect.stringMatching(
        /^warning public\/assets\/i18n\/en\.json:\d+:5: "footer\.copyrightName" has the placeholders \{nmae\}, \{year\}, de\.json has \{name\}, \{year\}/,
      ),
    ]);
  });

  it('names each malformed business fact with its line in business.ts', () => {
    const source = readFileSync(BUSINESS_FILE, 'utf8');
    const line = (field: string) =>
      source
        .split('\n')
        .findIndex((each) => new RegExp(`^\\s*['"]?${field}['"]?\\s*:`).test(each)) + 1;
    expect(
      businessFactProblems({ ...business, vatId: 'DE12', phone: 'call me' }, source).map(
        formatProblem,
      ),
    ).toEqual([
      `${BUSINESS_FILE}:${line('phone')}: phone: must be a phone number of digits, spaces, "+", "/", "-" and brackets, e.g. "+49 30 1234567"`,
      `${BUSINESS_FILE}:${line('vatId')}: vatId: must be "DE" followed by nine digits, e.g. "DE123456789"`,
    ]);
  });

  it('names a brand colour too weak for WCAG AA', () => {
    const problems = businessFactProblems({
      ...business,
      brand: { ...business.brand, accentDark: '#0b5cad' },
    });
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^src\/content\/business\.ts: brand\.accentDark \(dark theme\): links/),
      ...problems.slice(1).map(() => expect.stringContaining('brand.accentDark')),
    ]);
  });
});

describe('findUsedKeys', () => {
  it('reads the keys the code shows, template literals included, and no more', () => {
    expect([...used.shown].filter((key) => key.startsWith('carousel.')).toSorted()).toEqual([
      'carousel.0',
      'carousel.1',
      'carousel.2',
      'carousel.3',
      'carousel.4',
    ]);
    expect(used.shown).toContain('imprint.managingDirectors');
    expect(used.shown).toContain('notFound.homeLink');
    expect(used.shown).not.toContain('carousel.5');
  });
});

/** Noon of `iso`, a day as the notice's clock reads it. */
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('adequacyNotice', () => {
  const list = {
    ...EU_ADEQUACY,
    decisions: {
      BR: { reference: 'Commission Implementing Decision (EU) 2026/179', date: '2026-01-26' },
    },
    asOf: '2026-01-26',
  };

  it('says nothing while the list is a year old or younger', () => {
    expect(adequacyNotice(day('2026-01-26'), [list])).toBeNull();
    expect(adequacyNotice(new Date('2027-01-26T00:00:00Z'), [list])).toBeNull();
  });

  it('names the date and where to check it, in one line, once the list is more than a year old', () => {
    expect(adequacyNotice(day('2027-01-27'), [list])).toBe(
      `the adequacy list of the European Commission is as of 26 January 2026: check the Commission's list of adequacy decisions at ${EU_ADEQUACY.source} (src/content/country-codes.ts)`,
    );
  });

  it('names each aged list in the same line, and only those', () => {
    const notice = adequacyNotice(day('2027-06-01'), [list, SWISS_ADEQUACY]) ?? '';
    expect(notice.split('\n')).toHaveLength(1);
    expect(notice).toContain('European Commission is as of 26 January 2026');
    expect(notice).toContain('Swiss Federal Council is as of');
    expect(adequacyNotice(day('2026-06-01'), [list, SWISS_ADEQUACY])).not.toContain('European');
  });
});
