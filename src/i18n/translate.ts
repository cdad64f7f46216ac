/** A translation file: nested objects whose leaves are the texts. */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

export type TranslationParams = Readonly<Record<string, string | number>>;

/** What stands under a dotted key (`consulting.items`): a text, a group, or nothing. */
export function entryAt(dictionary: Dictionary, key: string): string | Dictionary | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return node;
}

/** The text under a dotted key (`carousel.0`), if there is one. */
export function textAt(dictionary: Dictionary, key: string): string | undefined {
  const entry = entryAt(dictionary, key);
  return typeof entry === 'string' ? entry : undefined;
}

function interpolate(text: string, params: TranslationParams): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/**
 * Looks `key` up in each dictionary in turn (the active language first, then German) and returns
 * the first text found with its `{placeholders}` filled in; the key itself when no dictionary has it,
 * so a gap in a translation file shows up on the page instead of breaking it.
 */
export function translate(
  dictionaries: readonly Dictionary[],
  key: string | null | undefined,
  params: TranslationParams = {},
): string {
  if (key === undefined || key === null || key === '') {
    throw new Error('Parameter "key" required');
  }
  for (const dictionary of dictionaries) {
    const text = textAt(dictionary, key);
    if (text !== undefined) return interpolate(text, params);
  }
  return key;
}
