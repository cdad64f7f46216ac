import { printParseErrorCode, visit } from 'jsonc-parser';

/** A place in a text, both counted from 1, as editors show them. */
export interface Position {
  line: number;
  column: number;
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const positionAt = (text: string, offset: number): Position => {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
};

/** What is at `offset`, shown in a message: `"}"`, or "the end of the file". */
const shown = (text: string, offset: number) =>
  offset >= text.length ? 'the end of the file' : JSON.stringify(text[offset]);

/**
 * Reads hand-edited JSON: jsonc-parser reads on past each mistake, named by line and column in an
 * owner's words, the first after something read well only (the parser's recovery would report the
 * rest of a broken entry again). `JSON.parse` has the last word on the value, so a file that passes
 * is exactly one the browser accepts. Also where each key starts, by its path (`carousel.0`).
 */
export function readJson(text: string) {
  const problems: { offset: number; message: string }[] = [];
  const keys = new Map<string, Position>();
  /** Each open group or list: where it opens, and the keys seen in a group. */
  const open: { offset: number; keys?: Set<string> }[] = [];
  let lastKey = '';
  let recovering = false;
  let lastError = '';
  const problem = (offset: number, message: string) => problems.push({ offset, message });
  const readWell = (then?: () => unknown) => {
    recovering = false;
    then?.();
  };

  /** The parser's `error` in an owner's words: at `offset`, or at the place given with it. */
  const describe = (
    error: string,
    offset: number,
    length: number,
  ): string | [number, string] | undefined => {
    const char = text[offset] ?? '';
    const found = shown(text, offset);
    const word = /^[\w$+\-.]+/.exec(text.slice(offset))?.[0] ?? '';
    // Just after the last character before `offset` that is not white space.
    const previous = text.slice(0, offset).trimEnd().length;
    switch (error) {
      case 'ValueExpected':
      case 'PropertyNameExpected':
        if (text.trim() === '') return [0, 'the file is empty; it must hold one group: { … }'];
        if (text[previous - 1] === ',' && (char === '}' || char === ']')) {
          const kind = char === '}' ? 'group' : 'list';
          return [previous - 1, `a comma after the last entry of a ${kind}; remove it`];
        }
        return error === 'ValueExpected'
          ? `expected a value (a text in double quotes, or a group { … }), found ${found}`
          : `expected a key in double quotes, found ${found}`;
      case 'InvalidSymbol':
        if (char === "'") return 'texts and keys must be in double quotes ("…"), not single quotes';
        if (word === '') return `unexpected ${found}`;
        return text
          .slice(offset + word.length)
          .trimStart()
          .startsWith(':')
          ? `the key ${word} must be in double quotes: "${word}"`
          : `${word} is not a value; a text must be in double quotes: "${word}"`;
      case 'ColonExpected':
        return `a ":" is missing after the key "${lastKey}"`;
      case 'CommaExpected':
        // After a text without its closing quote, the missing comma is that text's.
        if (lastError === 'UnexpectedEndOfString') return undefined;
        return [previous, 'a comma is missing here, between two entries'];
      case 'CloseBraceExpected':
      case 'CloseBracketExpected': {
        const [kind, close] = error === 'CloseBraceExpected' ? ['group', '}'] : ['list', ']'];
        return [open.at(-1)?.offset ?? 0, `this ${kind} is never closed: a "${close}" is missing`];
      }
      case 'EndOfFileExpected':
        return `unexpected ${found} after the end of the outermost group; a "}" too many?`;
      case 'InvalidCommentToken':
      case 'UnexpectedEndOfComment':
        return 'comments are not allowed in JSON; remove this one';
      case 'UnexpectedEndOfString':
        return `this text has no closing "; a text ends on the line it starts`;
      case 'InvalidEscapeCharacter': {
        const bad = text.slice(offset, offset + length);
        const at = /\\(?:u(?![0-9a-fA-F]{4})|[^"\\/bfnrtu])/.exec(bad);
        const escape = at?.[0] ?? '\\';
        return [
          offset + (at?.index ?? 0),
          `"${escape}" is no escape JSON knows; write "\\\\" for a backslash`,
        ];
      }
      case 'InvalidUnicode':
        return 'a "\\u" escape needs four hexadecimal digits';
      case 'InvalidCharacter': {
        const at = Array.from(text.slice(offset, offset + length)).findIndex((c) => c < ' ');
        return [offset + Math.max(at, 0), 'a tab or control character inside a text; remove it'];
      }
      default:
        return `${word || found} is not a number JSON knows`;
    }
  };

  // A byte order mark is invisible in most editors, and JSON.parse refuses it.
  if (text.startsWith('\uFEFF')) {
    problem(0, 'the file starts with a byte order mark; save it as UTF-8 without one');
  } else {
    visit(
      text,
      {
        onObjectBegin: (offset) => readWell(() => open.push({ offset, keys: new Set() })),
        onArrayBegin: (offset) => readWell(() => open.push({ offset })),
        onObjectEnd: () => readWell(() => open.pop()),
        onArrayEnd: () => readWell(() => open.pop()),
        onSeparator: () => readWell(),
        onObjectProperty: (key, offset, _length, line, character, pathOf) => {
          lastKey = key;
          const seen = open.at(-1)?.keys;
          if (seen?.has(key)) {
            problem(offset, `the key "${key}" is in this group twice; JSON keeps only the last`);
          } else {
            seen?.add(key);
            keys.set([...pathOf(), key].join('.'), { line: line + 1, column: character + 1 });
          }
          readWell();
        },
        onLiteralValue: () => readWell(),
        onError: (code, offset, length) => {
          const error = printParseErrorCode(code);
          if (!recovering) {
            const found = describe(error, offset, length);
            if (typeof found === 'string') problem(offset, found);
            else if (found) problem(found[0], found[1]);
          }
          recovering = true;
          lastError = error;
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  }
  let value: JsonValue | undefined;
  if (problems.length === 0) {
    try {
      value = JSON.parse(text) as JsonValue;
    } catch (error) {
      // Not expected: jsonc-parser follows JSON's grammar. Should it miss something, the platform's
      // own message still says what.
      problem(text.length, error instanceof Error ? error.message : String(error));
    }
  }
  return {
    value,
    problems: problems
      .toSorted((a, b) => a.offset - b.offset)
      .map(({ offset, message }) => Object.assign(positionAt(text, offset), { message })),
    keys,
  };
}
