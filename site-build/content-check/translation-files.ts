import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../../src/i18n/language.ts';
import type { Dictionary } from '../../src/i18n/translate.ts';
import { readJson, type JsonValue, type Position } from './json-syntax.ts';

// One reader of the translation files for the build and its scripts, so that a broken file is
// named the same way everywhere: file, line, column and what is wrong.

/** Where the site fetches the texts, relative to each document; the owner edits them in `public/`. */
export const DICTIONARY_DIR = 'assets/i18n';
export const TRANSLATION_DIR = `public/${DICTIONARY_DIR}`;

function byLanguage<T>(each: (language: Language) => T): Record<Language, T> {
  const entries = LANGUAGES.map((language) => [language, each(language)]);
  return Object.fromEntries(entries) as Record<Language, T>;
}

const filesIn = (dir: string) => byLanguage((language) => `${dir}/${language}.json`);

export const TRANSLATION_FILES: Readonly<Record<Language, string>> = filesIn(TRANSLATION_DIR);

/** Something wrong with the content, at a place in a file when the place is known. */
export interface ContentProblem extends Partial<Position> {
  severity: 'error' | 'warning';
  file: string;
  message: string;
}

/** A problem of `file`, at the place `at` when it is known. */
export const contentProblem = (
  severity: ContentProblem['severity'],
  file: string,
  message: string,
  at?: Partial<Position>,
): ContentProblem => ({ severity, file, ...at, message });

/** `public/assets/i18n/de.json:12:5: a comma after the last entry of a group; remove it` */
export function formatProblem({ file, line, column, message }: ContentProblem): string {
  const place = line === undefined ? '' : column === undefined ? `:${line}` : `:${line}:${column}`;
  return `${file}${place}: ${message}`;
}

/** An error whose message names every problem, one per line, each with its file and place. */
export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(
      `The content has ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`}:\n` +
        problems.map((problem) => `  ${formatProblem(problem)}`).join('\n'),
    );
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** One translation file as read: its texts (when it has no error), where each key is, its problems. */
export interface TranslationFile {
  path: string;
  dictionary: Dictionary | undefined;
  /** Each text's key (`carousel.0`) and where it stands in the file. */
  keys: ReadonlyMap<string, Position>;
  problems: ContentProblem[];
}

const describe = (value: JsonValue): string =>
  Array.isArray(value) ? 'a list [ … ]' : value === null ? 'null' : `the ${typeof value} ${value}`;

const isGroup = (value: JsonValue): value is { [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `text` as the translation file `path`: valid JSON, one group, texts and groups only. */
export function parseTranslationFile(path: string, text: string): TranslationFile {
  const reading = readJson(text);
  const problems: ContentProblem[] = [];
  const problem = (at: Partial<Position> | undefined, message: string) =>
    problems.push(contentProblem('error', path, message, at));
  for (const { message, ...at } of reading.problems) problem(at, message);
  const keys = new Map<string, Position>();
  const visit = (group: Readonly<Record<string, JsonValue>>, prefix: string) => {
    for (const [name, value] of Object.entries(group)) {
      const key = `${prefix}${name}`;
      const at = reading.keys.get(key);
      if (typeof value === 'string') {
        if (at) keys.set(key, at);
      } else if (isGroup(value)) visit(value, `${key}.`);
      else
        problem(
          at,
          `"${key}" must be a text in double quotes or a group { … }, not ${describe(value)}`,
        );
    }
  };
  const { value } = reading;
  if (value !== undefined && isGroup(value)) visit(value, '');
  else if (value !== undefined) {
    problem({ line: 1, column: 1 }, `the file must hold one group { … }, not ${describe(value)}`);
  }
  const valid = problems.length === 0;
  return { path, dictionary: valid ? (value as Dictionary) : undefined, keys, problems };
}

/** Reads the translation file at `path` from disk; a missing file is a problem too. */
function loadTranslationFile(path: string): TranslationFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const problem = contentProblem('error', path, `cannot be read (${reason})`);
    return { path, dictionary: undefined, keys: new Map(), problems: [problem] };
  }
  return parseTranslationFile(path, text);
}

/** Every language's file, read. */
export const loadTranslationFiles = (
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
): Record<Language, TranslationFile> =>
  byLanguage((language) => loadTranslationFile(paths[language]));

export type Translations = Readonly<Record<Language, Dictionary>>;

/** The texts of every language; throws a `ContentError` naming every mistake of every file. */
export function readTranslationFiles(
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
): Translations {
  const files = loadTranslationFiles(paths);
  const problems = LANGUAGES.flatMap((language) => files[language].problems);
  if (problems.length > 0) throw new ContentError(problems);
  return byLanguage((language) => files[language].dictionary ?? {});
}

/** The texts as the build copied them into `outDir`, read like the originals. */
export const readBuiltTranslationFiles = (outDir: string): Translations =>
  readTranslationFiles(filesIn(join(outDir, DICTIONARY_DIR)));

/** The texts of one file; throws a `ContentError` naming every mistake in it. */
export function readTranslationFile(path: string): Dictionary {
  const file = loadTranslationFile(path);
  if (!file.dictionary) throw new ContentError(file.problems);
  return file.dictionary;
}
