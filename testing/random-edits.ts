import { LANGUAGES, type Language } from '../src/i18n/language.ts';
import type { Dictionary } from '../src/i18n/translate.ts';
import type { Translations as Texts } from '../site-build/content-check/translation-files.ts';
import type { WritableDictionary } from './content-copy.ts';

/*
 * The content proof's own text edits, made as an owner makes them: a word swapped for another, a
 * sentence added. Drawn from a seed, so that a failure can be repeated with the same edits.
 */

/**
 * The texts the edits leave alone: the imprint's and the privacy statement's wording is the law's,
 * not an owner's to vary; each language's code and name must read the same in every file; and the
 * first screen's texts are held to its room (the design test keeps the call to action in it), so a
 * longer one would be the text's own problem, not a check's.
 */
const UNEDITED = /^(privacy|imprint|language|header|hero|intro|carousel)\./;
/** A word swapped in a label or a name can make it another's; a sentence belongs to a paragraph. */
const MIN_WORDS_TO_SWAP = 4;
const MIN_WORDS_TO_EXTEND = 12;
/** A word an edit may swap: letters only, three at least (no `{placeholder}`, no code like "DE"). */
const WORD = /^\p{L}{3,}$/u;
const hasWord = (text: string) => text.split(' ').some((word) => WORD.test(word));

/** A random number generator in [0, 1) from a seed (mulberry32): the same seed, the same edits. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d_2b_79_f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

function textsOf(dictionary: Dictionary, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : textsOf(value, `${prefix}${key}.`),
  );
}

function setText(dictionary: WritableDictionary, key: string, text: string) {
  const parts = key.split('.');
  const group = parts.slice(0, -1).reduce((at, part) => at[part] as WritableDictionary, dictionary);
  group[parts.at(-1) ?? ''] = text;
}

/**
 * `words` one-word edits and `sentences` one-sentence edits of randomly chosen texts of both
 * languages, each word taken from the same language's texts. Returns the edited copies and the
 * edits, to be printed.
 */
export function randomEdits(texts: Texts, random: () => number, { words = 4, sentences = 2 } = {}) {
  const copies = structuredClone(texts) as Record<Language, WritableDictionary>;
  const pick = <T>(list: readonly T[]): T => {
    const chosen = list[Math.floor(random() * list.length)];
    if (chosen === undefined) throw new Error('Nothing to choose from for a random edit');
    return chosen;
  };
  const editable = (language: Language, minWords: number) =>
    textsOf(copies[language]).filter(
      ([key, text]) => !UNEDITED.test(key) && text.split(' ').length >= minWords,
    );
  const pool = (language: Language) =>
    [...new Set(editable(language, 1).flatMap(([, text]) => text.split(/\s+/)))].filter((word) =>
      WORD.test(word),
    );
  /** Picks a language and one of its texts that `fits`, and changes it. */
  const edit = (
    minWords: number,
    fits: (text: string) => boolean,
    change: (language: Language, before: string) => string,
  ) => {
    const language = pick(LANGUAGES);
    const [key, before] = pick(editable(language, minWords).filter(([, text]) => fits(text)));
    const after = change(language, before);
    setText(copies[language], key, after);
    return { language, key, before, after };
  };
  const swapWord = (language: Language, before: string) => {
    const parts = before.split(' ');
    const position = pick(parts.flatMap((word, index) => (WORD.test(word) ? [index] : [])));
    parts[position] = pick(pool(language).filter((word) => word !== parts[position]));
    return parts.join(' ');
  };
  const addSentence = (language: Language, before: string) => {
    const sentence = Array.from({ length: 6 + Math.floor(random() * 7) }, () =>
      pick(pool(language)),
    ).join(' ');
    return `${before} ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
  };
  const edits = [
    ...Array.from({ length: words }, () => edit(MIN_WORDS_TO_SWAP, hasWord, swapWord)),
    ...Array.from({ length: sentences }, () =>
      edit(MIN_WORDS_TO_EXTEND, (text) => /[.!?]$/.test(text), addSentence),
    ),
  ];
  return { texts: copies as Texts, edits };
}
