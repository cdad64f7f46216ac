import { businessProblems } from '../../src/content/business-schema.ts';
import { type AdequacyList, EU_ADEQUACY, SWISS_ADEQUACY } from '../../src/content/country-codes.ts';
import { formatDay } from '../../src/i18n/legal-format.ts';
import { SERVICE_ICONS } from '../../src/content/home-sections.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/i18n/language.ts';
import { textAt } from '../../src/i18n/translate.ts';
import { brandContrastProblems } from './brand-colors.ts';
import { isLucideIcon } from '../icon-sprite.ts';
import { contentProblem, type ContentProblem, type TranslationFile } from './translation-files.ts';
import type { UsedKeys } from './used-keys.ts';

// The checks of the owner's content, for `npm run check:content` and the build: each problem names
// its file and, where it can, the line, so that the owner finds it.
export const BUSINESS_FILE = 'src/content/business.ts';

type Files = Readonly<Record<Language, TranslationFile>>;

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const isReadable = (files: Files) => LANGUAGES.every((language) => files[language].dictionary);

/** A key one file has and another lacks: an error in the file that lacks it. */
export function keyParityProblems(files: Files): ContentProblem[] {
  if (!isReadable(files)) return [];
  return LANGUAGES.flatMap((language) =>
    LANGUAGES.filter((other) => other !== language).flatMap((other) =>
      [...files[other].keys]
        .filter(([key]) => !files[language].keys.has(key))
        .map(([key, at]) =>
          contentProblem(
            'error',
            files[language].path,
            `lacks "${key}", which ${fileName(files[other].path)} has (line ${at.line})`,
          ),
        ),
    ),
  );
}

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].toSorted();

/** A text whose placeholders (`{name}`) differ from the German one's: a likely typo. */
export function placeholderProblems(files: Files): ContentProblem[] {
  if (!isReadable(files)) return [];
  const text = (language: Language, key: string) => textAt(files[language].dictionary ?? {}, key);
  return LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).flatMap((language) =>
    [...files[language].keys].flatMap(([key, at]) => {
      const own = text(language, key);
      const german = text(DEFAULT_LANGUAGE, key);
      if (typeof own !== 'string' || typeof german !== 'string') return [];
      const mine = placeholders(own).join(', ');
      const theirs = placeholders(german).join(', ');
      if (mine === theirs) return [];
      const message = `"${key}" has the placeholders ${mine || 'none'}, ${fileName(files[DEFAULT_LANGUAGE].path)} has ${theirs || 'none'}; the site fills in only those it knows`;
      return [contentProblem('warning', files[language].path, message, at)];
    }),
  );
}

export const SERVICE_AREAS_FILE = 'src/content/home-sections.ts';

/** The areas against texts and icons: one line per mistake, not per key, and the keys covered. */
export function serviceAreaProblems(
  files: Files,
  serviceIcons: Readonly<Record<string, readonly string[]>> = SERVICE_ICONS,
) {
  const areas = Object.entries(serviceIcons);
  const problems: ContentProblem[] = areas.flatMap(([area, icons]) =>
    icons
      .filter((icon) => !isLucideIcon(icon))
      .map((icon) =>
        contentProblem(
          'error',
          SERVICE_AREAS_FILE,
          `SERVICE_ICONS names the icon "${icon}" for ${area}, which lucide does not have: choose one on https://lucide.dev/icons and write its name as the page shows it`,
        ),
      ),
  );
  const covered = new Set<string>();
  if (!isReadable(files)) return { problems, covered };
  const german = files[DEFAULT_LANGUAGE];
  const germanKeys = [...german.keys.keys()];
  const allKeys = LANGUAGES.flatMap((language) => [...files[language].keys.keys()]);
  const cover = (keep: (key: string) => boolean) =>
    allKeys.filter(keep).forEach((key) => covered.add(key));
  const groups = new Set(germanKeys.map((key) => key.split('.')[0] ?? ''));
  for (const [area, icons] of areas.filter(([name]) => !groups.has(name))) {
    const parts = icons.flatMap((_, at) => [`${area}.items.${at}`, `${area}.descriptions.${at}`]);
    [`nav.${area}`, `${area}.title`, `${area}.lead`, ...parts].forEach((key) => covered.add(key));
    const message = `has no texts for the service area ${area}, which \`SERVICE_ICONS\` in ${SERVICE_AREAS_FILE} names: add a group "${area}" (title, lead, items and descriptions numbered from "0", ${icons.length} of each) and "nav.${area}" to both files, or remove the entry`;
    problems.push(contentProblem('error', german.path, message));
  }
  for (const group of groups) {
    const items = germanKeys.filter((key) => key.startsWith(`${group}.items.`));
    if (items.length === 0) continue;
    const icons = serviceIcons[group];
    const at = german.keys.get(germanKeys.find((key) => key.startsWith(`${group}.`)) ?? '');
    if (!icons) {
      cover((key) => [group, `nav.${group}`].includes(key) || key.startsWith(`${group}.`));
      const message = `${group} is not a service area: add it to \`SERVICE_ICONS\` in ${SERVICE_AREAS_FILE}, one icon per item, to show it`;
      problems.push(contentProblem('warning', german.path, message, at));
      continue;
    }
    const beyond = items
      .map((key) => Number(key.split('.')[2]))
      .filter((position) => !(position < icons.length));
    if (beyond.length === 0) continue;
    const isBeyond = (key: string) => beyond.map(String).includes(key.split('.')[2] ?? '');
    cover((key) => key.startsWith(`${group}.`) && isBeyond(key));
    const one = beyond.length === 1;
    const message = `${beyond.map((position) => `"${group}.items.${position}"`).join(', ')} ${one ? 'has' : 'have'} no icon, so the page does not show ${one ? 'it' : 'them'}: \`SERVICE_ICONS\` in ${SERVICE_AREAS_FILE} names ${icons.length} for ${group}, one per item; add one for each`;
    problems.push(contentProblem('warning', german.path, message, at));
  }
  return { problems, covered };
}

/** Keys the site shows that no file has (errors), and keys that no code shows (warnings). */
export function keyUsageProblems(
  files: Files,
  used: UsedKeys,
  covered: ReadonlySet<string> = new Set(),
): ContentProblem[] {
  if (!isReadable(files)) return [];
  const missing = [...used.shown]
    .filter((key) => !covered.has(key) && LANGUAGES.every((other) => !files[other].keys.has(key)))
    .map((key) =>
      contentProblem(
        'error',
        files[DEFAULT_LANGUAGE].path,
        `lacks "${key}", which the site shows; without it the page shows the key itself`,
      ),
    );
  const unused = LANGUAGES.flatMap((language) =>
    [...files[language].keys]
      .filter(([key]) => !used.shown.has(key) && !used.mentioned.has(key) && !covered.has(key))
      .map(([key, at]) =>
        contentProblem(
          'warning',
          files[language].path,
          `"${key}" is never shown, as far as the key finder sees: it finds a key only where the code writes it out ('carousel.0') or builds it from literal types alone (\`carousel.\${index}\` over a list \`as const\`), not from a plain number or string. A new text needs code that shows it; or is the key misspelt?`,
          at,
        ),
      ),
  );
  return [...missing, ...unused];
}

/** The line where `field` (`hostingProvider.name`) is written in the source of the facts. */
function lineOf(source: string | undefined, field: string): number | undefined {
  if (source === undefined) return undefined;
  const lines = source.split('\n');
  let from = 0;
  for (const part of field.split('.')) {
    const pattern = new RegExp(`^\\s*['"]?${part.replace(/\W/g, '\\$&')}['"]?\\s*:`);
    const found = lines.findIndex((line, index) => index >= from && pattern.test(line));
    if (found < 0) return from > 0 ? from + 1 : undefined;
    from = found;
  }
  return from + 1;
}

/** The facts against their schema, then the brand colours against WCAG AA; `source` gives lines. */
export function businessFactProblems(facts: unknown, source?: string): ContentProblem[] {
  const problem = (field: string, message: string): ContentProblem => {
    const line = lineOf(source, field);
    return contentProblem('error', BUSINESS_FILE, message, line === undefined ? {} : { line });
  };
  const invalid = businessProblems(facts);
  if (invalid.length > 0) {
    return invalid.map(({ field, message }) => problem(field, `${field}: ${message}`));
  }
  const { brand } = facts as { brand: { accent: string; accentDark: string } };
  return brandContrastProblems(brand).map((message) =>
    problem(message.startsWith('brand.accentDark') ? 'brand.accentDark' : 'brand.accent', message),
  );
}

export const ADEQUACY_FILE = 'src/content/country-codes.ts';

/** A notice when a list is over a year old; never an error, so that no build hangs on the date. */
export function adequacyNotice(
  today: Date,
  lists: readonly AdequacyList[] = [EU_ADEQUACY, SWISS_ADEQUACY],
): string | null {
  const aged = lists.filter(({ asOf }) => {
    const due = new Date(`${asOf}T00:00:00Z`);
    due.setUTCFullYear(due.getUTCFullYear() + 1);
    return today.getTime() > due.getTime();
  });
  if (aged.length === 0) return null;
  const parts = aged.map(
    (list) =>
      `the adequacy list of ${list.by} is as of ${formatDay(list.asOf, 'en')}: check ${list.name} at ${list.source}`,
  );
  return `${parts.join('; ')} (${ADEQUACY_FILE})`;
}

export interface ContentToCheck {
  files: Files;
  facts: unknown;
  /** The text of business.ts, for line numbers. */
  businessSource?: string | undefined;
  /** The keys the site uses; without them, used and unused keys are not checked. */
  usedKeys?: UsedKeys;
}

/** Every problem of the content, the files' own (syntax, shape) first. */
export function checkContent({ files, facts, businessSource, usedKeys }: ContentToCheck) {
  const areas = serviceAreaProblems(files);
  return [
    ...LANGUAGES.flatMap((language) => files[language].problems),
    ...keyParityProblems(files),
    ...placeholderProblems(files),
    ...areas.problems,
    ...(usedKeys ? keyUsageProblems(files, usedKeys, areas.covered) : []),
    ...businessFactProblems(facts, businessSource),
  ];
}
