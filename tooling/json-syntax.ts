/**
 * A JSON reader for files people edit by hand. `JSON.parse` stops at the first mistake and names
 * it by an offset ("at position 348"); this one reads on past each mistake and names every one by
 * line and column, in words an owner understands (a comma after the last entry, a missing comma, a
 * text without its closing quote, a key written twice). When it finds nothing, `JSON.parse` has the
 * last word on the value, so a file it passes is exactly a file the browser and the build accept.
 */

/** A place in a text, both counted from 1, as editors show them. */
export interface Position {
  line: number;
  column: number;
}

export interface JsonProblem extends Position {
  message: string;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface JsonReading {
  /** The value, when the text has no problem; otherwise undefined. */
  value: JsonValue | undefined;
  /** Every problem found, in the order of the text. */
  problems: JsonProblem[];
  /** Where each key of each object starts, by its dotted path (`carousel.0`). */
  keys: Map<string, Position>;
}

/** Turns offsets in `text` into lines and columns, both from 1. */
export function positionsIn(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '\n') lineStarts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
}

/** `offset` in `text` → line and column, both from 1. */
export const positionAt = (text: string, offset: number): Position => positionsIn(text)(offset);

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z0-9_$+\-.]+/y;

/** What is at `offset`, shown in a message: `"}"`, or "the end of the file". */
const shown = (text: string, offset: number) =>
  offset >= text.length ? 'the end of the file' : JSON.stringify(text[offset]);

class Reader {
  private index = 0;
  readonly problems: { offset: number; message: string }[] = [];
  readonly keyOffsets = new Map<string, number>();
  /** Where the last text without its closing quote ended: the mistakes after it are its own. */
  private unclosedTextEnd = -1;

  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  read(): void {
    this.skipSpace();
    if (this.atEnd()) {
      this.problem(this.index, 'the file is empty; it must hold one group: { … }');
      return;
    }
    this.value('');
    this.skipSpace();
    if (!this.atEnd()) {
      this.problem(
        this.index,
        `unexpected ${shown(this.text, this.index)} after the end of the outermost group; a "}" too many?`,
      );
    }
  }

  private problem(offset: number, message: string) {
    this.problems.push({ offset, message });
  }

  private atEnd() {
    return this.index >= this.text.length;
  }

  private peek() {
    return this.text[this.index] ?? '';
  }

  /** Skips white space, and comments, which JSON does not allow (each is named). */
  private skipSpace() {
    for (;;) {
      while (WHITESPACE.has(this.peek())) this.index += 1;
      const two = this.text.slice(this.index, this.index + 2);
      if (two !== '//' && two !== '/*') return;
      this.problem(this.index, 'comments are not allowed in JSON; remove this one');
      const end =
        two === '//'
          ? this.text.indexOf('\n', this.index)
          : this.text.indexOf('*/', this.index + 2);
      this.index = end < 0 ? this.text.length : end + (two === '//' ? 1 : 2);
    }
  }

  /** After a mistake: on to the next comma, bracket or line, so that reading can go on. */
  private recover() {
    while (!this.atEnd() && !',{}[]\n'.includes(this.peek())) this.index += 1;
  }

  /** Reads one value; returns false when there was none to read. */
  private value(path: string): boolean {
    const char = this.peek();
    if (char === '{') return this.group(path, '}');
    if (char === '[') return this.group(path, ']');
    if (char === '"' || char === "'") return this.string() !== undefined;
    NUMBER.lastIndex = this.index;
    const number = NUMBER.exec(this.text)?.[0];
    WORD.lastIndex = this.index;
    const word = WORD.exec(this.text)?.[0] ?? '';
    if (word !== '' && (word === number || ['true', 'false', 'null'].includes(word))) {
      this.index += word.length;
      return true;
    }
    if (word !== '') {
      this.problem(
        this.index,
        `${word} is not a value; a text must be in double quotes: "${word}"`,
      );
      this.index += word.length;
      return true;
    }
    this.problem(
      this.index,
      `expected a value (a text in double quotes, or a group { … }), found ${shown(this.text, this.index)}`,
    );
    this.recover();
    return false;
  }

  /** A text in double quotes, decoded; a single-quoted one is read too, and named. */
  private string(): string {
    const start = this.index;
    const quote = this.peek();
    if (quote === "'") {
      this.problem(start, 'texts and keys must be in double quotes ("…"), not single quotes');
    }
    this.index += 1;
    let result = '';
    for (;;) {
      const char = this.peek();
      if (this.atEnd() || char === '\n' || char === '\r') {
        this.problem(start, `this text has no closing ${quote}; a text ends on the line it starts`);
        this.unclosedTextEnd = this.index;
        return result;
      }
      this.index += 1;
      if (char === quote) return result;
      if (char === '\\') {
        const escape = this.peek();
        const hex = this.text.slice(this.index + 1, this.index + 5);
        if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
          result += String.fromCharCode(Number.parseInt(hex, 16));
          this.index += 5;
        } else if (Object.hasOwn(ESCAPES, escape)) {
          result += ESCAPES[escape];
          this.index += 1;
        } else {
          this.problem(
            this.index - 1,
            `"\\${escape}" is no escape JSON knows; write "\\\\" for a backslash`,
          );
        }
      } else if (char < ' ') {
        this.problem(this.index - 1, 'a tab or control character inside a text; remove it');
      } else {
        result += char;
      }
    }
  }

  /** A key: a text in double quotes (a bare or single-quoted word is read, and named). */
  private key(): string | undefined {
    const char = this.peek();
    if (char === '"' || char === "'") return this.string();
    WORD.lastIndex = this.index;
    const word = WORD.exec(this.text)?.[0];
    if (!word) return undefined;
    this.problem(this.index, `the key ${word} must be in double quotes: "${word}"`);
    this.index += word.length;
    return word;
  }

  /** A group `{ "key": value, … }` (close `}`) or a list `[value, …]` (close `]`). */
  private group(path: string, close: '}' | ']'): boolean {
    const open = this.index;
    const kind = close === '}' ? 'group' : 'list';
    const seen = new Set<string>();
    this.index += 1;
    this.skipSpace();
    if (this.peek() === close) {
      this.index += 1;
      return true;
    }
    for (let entry = 0; ; entry += 1) {
      this.skipSpace();
      if (this.atEnd()) break;
      const read = close === '}' ? this.entry(path, seen) : this.value(`${path}.${entry}`);
      const valueEnd = this.index;
      this.skipSpace();
      const char = this.peek();
      if (char === close) {
        this.index += 1;
        return true;
      }
      if (char === ',') {
        const comma = this.index;
        this.index += 1;
        this.skipSpace();
        if (this.peek() === close) {
          this.problem(comma, `a comma after the last entry of a ${kind}; remove it`);
          this.index += 1;
          return true;
        }
      } else if (this.atEnd()) {
        break;
      } else if (read && /["'\w{[-]/.test(char)) {
        // The next entry begins: only the comma between them is missing (unless the text before
        // lacks its closing quote, which took its comma with it).
        if (valueEnd !== this.unclosedTextEnd) {
          this.problem(valueEnd, 'a comma is missing here, between two entries');
        }
      } else {
        if (read) {
          this.problem(
            this.index,
            `expected "," or "${close}", found ${shown(this.text, this.index)}`,
          );
        }
        // Past whatever stands here, so that reading always moves on.
        this.index += 1;
        this.recover();
      }
    }
    this.problem(open, `this ${kind} is never closed: a "${close}" is missing`);
    return true;
  }

  /** One `"key": value` of a group; notes where the key is, and names a key written twice. */
  private entry(path: string, seen: Set<string>): boolean {
    const keyStart = this.index;
    const key = this.key();
    if (key === undefined) {
      this.problem(
        this.index,
        `expected a key in double quotes, found ${shown(this.text, this.index)}`,
      );
      this.recover();
      return false;
    }
    const keyPath = path === '' ? key : `${path}.${key}`;
    if (seen.has(key)) {
      this.problem(keyStart, `the key "${key}" is in this group twice; JSON keeps only the last`);
    } else {
      seen.add(key);
      this.keyOffsets.set(keyPath, keyStart);
    }
    this.skipSpace();
    if (this.peek() === ':') this.index += 1;
    else this.problem(this.index, `a ":" is missing after the key "${key}"`);
    this.skipSpace();
    return this.value(keyPath);
  }
}

/** Where `JSON.parse`'s message puts its mistake ("… at position 348"), as an offset. */
function offsetOfParseError(error: unknown, text: string): number {
  const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : text.length;
}

/** Reads `text` as JSON, naming every problem by line and column. */
export function readJson(text: string): JsonReading {
  const reader = new Reader(text);
  const problems = reader.problems;
  // A byte order mark is invisible in most editors, and JSON.parse refuses it.
  if (text.startsWith('\uFEFF')) {
    problems.push({
      offset: 0,
      message: 'the file starts with a byte order mark; save it as UTF-8 without one',
    });
  } else {
    reader.read();
  }
  let value: JsonValue | undefined;
  if (problems.length === 0) {
    try {
      value = JSON.parse(text) as JsonValue;
    } catch (error) {
      // Not expected: the reader above follows JSON's grammar. Should it miss something, the
      // platform's own message still says where.
      problems.push({
        offset: offsetOfParseError(error, text),
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const position = positionsIn(text);
  const keys = new Map<string, Position>();
  for (const [path, offset] of reader.keyOffsets) keys.set(path, position(offset));
  return {
    value,
    problems: problems
      .toSorted((a, b) => a.offset - b.offset)
      .map(({ offset, message }) => {
        const { line, column } = position(offset);
        return { line, column, message };
      }),
    keys,
  };
}
