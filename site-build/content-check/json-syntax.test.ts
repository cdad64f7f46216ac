import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScanner } from 'jsonc-parser';
import { readJson } from './json-syntax.ts';

const problemsOf = (text: string) =>
  readJson(text).problems.map(({ line, column, message }) => `${line}:${column} ${message}`);

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every character of `text` whose loss breaks the JSON, found from its tokens: each brace,
 * bracket, colon and comma, and both quotes of each key and text. Chosen by the structure, so that
 * an edit of a text moves them with it (a deleted letter could make two keys one).
 */
function structuralCharacters(text: string): { offset: number; what: string }[] {
  const scanner = createScanner(text, true);
  const found: { offset: number; what: string }[] = [];
  // jsonc-parser's token kinds are a const enum, which this project's settings cannot import.
  for (scanner.scan(); scanner.getTokenLength() > 0; scanner.scan()) {
    const offset = scanner.getTokenOffset();
    const token = text.slice(offset, offset + scanner.getTokenLength());
    const at = `at ${scanner.getTokenStartLine() + 1}:${scanner.getTokenStartCharacter() + 1}`;
    if (/^[{}[\]:,]$/.test(token)) found.push({ offset, what: `${token} ${at}` });
    if (token.startsWith('"')) {
      found.push({ offset, what: `the opening quote of ${token} ${at}` });
      found.push({
        offset: offset + token.length - 1,
        what: `the closing quote of ${token} ${at}`,
      });
    }
  }
  return found;
}

describe('readJson', () => {
  it('reads a valid file to the value JSON.parse gives, with no problem', () => {
    const text = readFileSync('public/assets/i18n/de.json', 'utf8');
    const reading = readJson(text);
    expect(reading.problems).toEqual([]);
    expect(reading.value).toEqual(JSON.parse(text));
  });

  it('knows where each key starts, by its dotted path', () => {
    const reading = readJson('{\n  "a": {\n    "b": "x",\n    "c": "y"\n  }\n}\n');
    expect(reading.keys.get('a')).toEqual({ line: 2, column: 3 });
    expect(reading.keys.get('a.c')).toEqual({ line: 4, column: 5 });
  });

  it('names a trailing comma by line and column (where JSON.parse says "position 348")', () => {
    const text = '{\n  "carousel": {\n    "0": "Eins",\n    "1": "Zwei",\n  }\n}\n';
    expect(() => JSON.parse(text)).toThrow(/position/);
    expect(problemsOf(text)).toEqual(['4:16 a comma after the last entry of a group; remove it']);
    expect(readJson(text).value).toBeUndefined();
  });

  it('names every mistake of a file, not only the first', () => {
    const text = [
      '{',
      '  "a": "x",',
      '  "b": "y"', // no comma
      '  "c": "z",',
      '  "d": { "e": "w", },',
      '  \'f\': "v"',
      '}',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      '3:11 a comma is missing here, between two entries',
      '5:18 a comma after the last entry of a group; remove it',
      '6:3 texts and keys must be in double quotes ("…"), not single quotes',
    ]);
  });

  it.each([
    ['', '1:1 the file is empty; it must hold one group: { … }'],
    [
      '{\n "a": "x,\n "b": "y"\n}',
      '2:7 this text has no closing "; a text ends on the line it starts',
    ],
    ['{ "a": "x" }}', '1:13 unexpected "}" after the end of the outermost group; a "}" too many?'],
    ['{ a: "x" }', '1:3 the key a must be in double quotes: "a"'],
    ['{ "a": x }', '1:8 x is not a value; a text must be in double quotes: "x"'],
    ['{ "a" "x" }', '1:7 a ":" is missing after the key "a"'],
    ['{ "a": "x", "a": "y" }', '1:13 the key "a" is in this group twice; JSON keeps only the last'],
    ['{ // note\n "a": "x" }', '1:3 comments are not allowed in JSON; remove this one'],
    ['{ "a": "C:\\dir" }', '1:11 "\\d" is no escape JSON knows; write "\\\\" for a backslash'],
    ['\uFEFF{}', '1:1 the file starts with a byte order mark; save it as UTF-8 without one'],
    ['{ "a": ["x",] }', '1:12 a comma after the last entry of a list; remove it'],
    ['{ "a": "x\ty" }', '1:10 a tab or control character inside a text; remove it'],
    ['{ "a": 1. }', '1:8 1. is not a number JSON knows'],
  ])('names the mistake in %j', (text, problem) => {
    expect(problemsOf(text)).toEqual([problem]);
  });

  it('names a group that is never closed where it opens', () => {
    expect(problemsOf('{\n  "a": {\n    "b": "x"\n}\n')).toEqual([
      '1:1 this group is never closed: a "}" is missing',
    ]);
  });

  it(
    'names a mistake wherever a structural character of de.json is deleted, and none for a space',
    { timeout: 30_000 },
    () => {
      const text = readFileSync('public/assets/i18n/de.json', 'utf8');
      for (const { offset, what } of structuralCharacters(text)) {
        const broken = text.slice(0, offset) + text.slice(offset + 1);
        expect(parses(broken), `${what} deleted`).toBe(false);
        expect(readJson(broken).problems.length, `${what} deleted`).toBeGreaterThan(0);
      }
      const space = text.indexOf(' ');
      expect(readJson(text.slice(0, space) + text.slice(space + 1)).problems).toEqual([]);
    },
  );
});
