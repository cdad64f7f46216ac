import { describe, expect, it } from 'vitest';
import { readTranslationFiles } from '../site-build/content-check/translation-files.ts';
import { randomEdits, seededRandom } from './random-edits.ts';

const TEXTS = readTranslationFiles();
const textAt = (dictionary: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((group, part) => (group as Record<string, unknown>)[part], dictionary);

const editsOf = (seed: number) => randomEdits(TEXTS, seededRandom(seed)).edits;

describe('randomEdits', () => {
  it('makes the same edits from the same seed, and others from another', () => {
    expect(editsOf(42)).toEqual(editsOf(42));
    expect(editsOf(43)).not.toEqual(editsOf(42));
  });

  it('swaps one word of a text, or adds one sentence to it, and leaves the originals alone', () => {
    const before = structuredClone(TEXTS);
    const { texts, edits } = randomEdits(TEXTS, seededRandom(7), { words: 6, sentences: 3 });
    expect(TEXTS).toEqual(before);
    expect(edits).toHaveLength(9);
    for (const { before: old, after } of edits.slice(0, 6)) {
      const changed = after.split(' ').filter((word, at) => word !== old.split(' ')[at]);
      expect([after.split(' ').length, changed.length]).toEqual([old.split(' ').length, 1]);
    }
    for (const { before: old, after } of edits.slice(6)) {
      expect(after.slice(0, old.length + 1)).toBe(`${old} `);
      expect(after.slice(old.length + 1)).toMatch(/^\p{Lu}[^.!?]*\.$/u);
    }
    for (const { language, key } of edits) {
      expect(key).not.toMatch(/^(privacy|imprint|language)\./);
      // A later edit of the same text builds on an earlier one; the last one stands.
      const last = edits.findLast((each) => each.language === language && each.key === key);
      expect(textAt(texts[language], key)).toBe(last?.after);
    }
  });

  // Sixty draws over the whole files: a second or more on a busy machine.
  it("never edits a language's code or name, the imprint's legal terms, a label or the first screen", () => {
    const edits = Array.from({ length: 60 }, (_, seed) => editsOf(seed)).flat();
    const keys = edits.map((edit) => edit.key);
    expect(
      keys.filter((key) => /^(language|imprint|header|hero|intro|carousel)\./.test(key)),
    ).toEqual([]);
    expect(edits.filter((edit) => edit.before.split(' ').length < 4)).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(['contact.lead', 'noscript.notice']));
    // The seed that once renamed English in de.json alone.
    expect(editsOf(1_664_623_600).map((edit) => edit.key)).not.toContain('language.enName');
  }, 30_000);
});
