import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJson } from './json-syntax.ts';

const problemsOf = (text: string) =>
  readJson(text).problems.map(({ line, column, message }) => `${line}:${column} ${message}`);

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
    'agrees with JSON.parse on files made by deleting a character of de.json',
    { timeout: 30_000 },
    () => {
      const text = readFileSync('public/assets/i18n/de.json', 'utf8');
      for (let offset = 0; offset < text.length; offset += 11) {
        const broken = text.slice(0, offset) + text.slice(offset + 1);
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        const { problems } = readJson(broken);
        expect(problems.length === 0, `deleted character ${offset}: ${problems[0]?.message}`).toBe(
          valid,
        );
      }
    },
  );
});
