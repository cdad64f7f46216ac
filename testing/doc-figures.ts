/**
 * The figure blocks of the Markdown docs: a table of `| constant | value |` rows between
 * `<!-- figures: MODULE -->` and `<!-- /figures -->`, so that a test can hold each figure to its
 * constant and a change to either side alone fails.
 */

export interface FigureRow {
  /** An export of the block's module, or a path into one: `performanceTargets.maxLcpMs`. */
  constant: string;
  /** The figure as the reader sees it: `1.5 s`, `67 KB`, `14,330 bytes`, `1.15×`. */
  figure: string;
  /** 1-based, in the Markdown file. */
  line: number;
}

export interface FigureBlock {
  /** Relative to the repository's root. */
  module: string;
  line: number;
  rows: FigureRow[];
}

const OPEN = /^<!--\s*figures:\s*(\S+)\s*-->$/;
const CLOSE = /^<!--\s*\/figures\s*-->$/;
// A divider row, or the header row that names the two columns.
const NOT_A_FIGURE = /^\|\s*(:?-+:?\s*\|\s*)+$|^\|\s*constant\s*\|/i;

/** Every figure block of a Markdown text; throws on a block that is not closed or holds no rows. */
export function figureBlocks(markdown: string): FigureBlock[] {
  const blocks: FigureBlock[] = [];
  let open: FigureBlock | undefined;
  markdown.split('\n').forEach((raw, index) => {
    const text = raw.trim();
    const line = index + 1;
    const opening = OPEN.exec(text);
    if (opening) {
      if (open)
        throw new Error(`line ${line}: a figure block opens inside the one of line ${open.line}`);
      open = { module: opening[1] ?? '', line, rows: [] };
    } else if (CLOSE.test(text)) {
      if (!open) throw new Error(`line ${line}: a figure block closes that never opened`);
      if (open.rows.length === 0)
        throw new Error(`line ${open.line}: a figure block without figures`);
      blocks.push(open);
      open = undefined;
    } else if (open && text.startsWith('|') && !NOT_A_FIGURE.test(text)) {
      const [constant, figure] = text
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      if (constant === undefined || figure === undefined)
        throw new Error(`line ${line}: a figure row needs a constant and a value`);
      open.rows.push({ constant: constant.replaceAll('`', ''), figure, line });
    }
  });
  if (open) throw new Error(`line ${open.line}: a figure block that is never closed`);
  return blocks;
}

type Dimension = 'time' | 'size' | 'rate' | 'length' | 'none';

// Each unit by dimension, in the dimension's smallest unit the code counts in: ms, bytes, bits/s, px.
const UNITS: Record<Dimension, Record<string, number>> = {
  none: { '': 1, '×': 1 },
  time: { ms: 1, s: 1000, minutes: 60_000, minute: 60_000, hours: 3_600_000, days: 86_400_000 },
  size: { bytes: 1, KB: 1024 },
  // The project's throttling counts a Mbps as 1024 × 1024 bits, as DevTools does.
  rate: { 'bits/s': 1, kbps: 1024, Mbps: 1024 * 1024 },
  length: { px: 1 },
};

function unitOf(unit: string): { dimension: Dimension; factor: number } | undefined {
  const dimension = (Object.keys(UNITS) as Dimension[]).find((each) =>
    Object.hasOwn(UNITS[each], unit),
  );
  return dimension && { dimension, factor: UNITS[dimension][unit] ?? 1 };
}

// A constant's unit is the end of its name, as the code writes it: `maxLcpMs`, `LOCK_STALE_MS`.
const NAME_UNITS = { Ms: 'ms', Days: 'days', Bytes: 'bytes', BitsPerSecond: 'bits/s', Px: 'px' };

/** A figure as a number in its dimension's smallest unit: `1.5 s` → 1500 ms. */
export function parseFigure(figure: string): { value: number; dimension: Dimension } {
  const match = /^(-?[\d,_.]+)\s*(\S*)$/.exec(figure.trim());
  const unit = unitOf(match?.[2] ?? 'none');
  const value = Number((match?.[1] ?? '').replaceAll(/[,_]/g, '') || NaN);
  if (!unit || !Number.isFinite(value)) {
    throw new Error(
      `"${figure}" is not a figure (a number, then one of: ${Object.values(UNITS).flatMap(Object.keys).join(' ')})`,
    );
  }
  return { value: value * unit.factor, dimension: unit.dimension };
}

/** The value at `path` (`a.b`) of a module's exports. */
export function exportAt(exports: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined,
      exports,
    );
}

/** Why a row's figure differs from its constant's value; undefined when they agree. */
export function figureMismatch(row: FigureRow, value: unknown): string | undefined {
  if (typeof value !== 'number') return `${row.constant} is not an exported number`;
  const stated = parseFigure(row.figure);
  const [, unit = ''] =
    Object.entries(NAME_UNITS).find(
      ([end]) =>
        row.constant.endsWith(end) ||
        row.constant.endsWith(end.replaceAll(/[A-Z]/g, '_$&').toUpperCase()),
    ) ?? [];
  const { dimension, factor } = unitOf(unit) ?? { dimension: 'none', factor: 1 };
  if (stated.dimension !== dimension) {
    return `${row.constant} counts ${dimension === 'none' ? 'no unit' : dimension}, the docs give "${row.figure}"`;
  }
  const held = value * factor;
  if (Math.abs(stated.value - held) <= 1e-9 * Math.max(1, Math.abs(held))) return undefined;
  return `the docs say ${row.constant} is ${row.figure}, the code says ${value}`;
}
