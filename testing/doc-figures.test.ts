import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  exportAt,
  figureBlocks,
  figureMismatch,
  parseFigure,
  type FigureRow,
} from './doc-figures.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MARKDOWN = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && existsSync(resolve(ROOT, file)));

const row = (constant: string, figure: string): FigureRow => ({ constant, figure, line: 1 });

describe('the docs’ figure blocks', () => {
  it('are found in the tracked Markdown', () => {
    const blocks = MARKDOWN.flatMap((file) =>
      figureBlocks(readFileSync(resolve(ROOT, file), 'utf8')),
    );
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(MARKDOWN)('%s states each figure as its constant holds it', async (file) => {
    const misses: string[] = [];
    for (const block of figureBlocks(readFileSync(resolve(ROOT, file), 'utf8'))) {
      const path = resolve(ROOT, block.module);
      if (!existsSync(path)) {
        misses.push(`line ${block.line}: no module ${block.module}`);
        continue;
      }
      const exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
      for (const figure of block.rows) {
        const miss = figureMismatch(figure, exportAt(exports, figure.constant));
        if (miss) misses.push(`line ${figure.line}: ${miss} (${block.module})`);
      }
    }
    expect(misses).toEqual([]);
  });
});

describe('figureBlocks', () => {
  it('reads the rows between the markers, leaving the header and divider out', () => {
    const markdown = [
      'Before | not | a row',
      '<!-- figures: perf/performance-targets.ts -->',
      '| constant | value |',
      '| -------- | ----: |',
      '| `performanceTargets.maxLcpMs` | 1.5 s |',
      '<!-- /figures -->',
    ].join('\n');
    expect(figureBlocks(markdown)).toEqual([
      {
        module: 'perf/performance-targets.ts',
        line: 2,
        rows: [{ constant: 'performanceTargets.maxLcpMs', figure: '1.5 s', line: 5 }],
      },
    ]);
  });

  it('throws on a block left open, or closed without figures', () => {
    expect(() => figureBlocks('<!-- figures: a.ts -->\n| x | 1 |')).toThrow(/never closed/);
    expect(() => figureBlocks('<!-- figures: a.ts -->\n<!-- /figures -->')).toThrow(
      /without figures/,
    );
  });
});

describe('figureMismatch', () => {
  it('converts the docs’ units to the one the constant’s name gives', () => {
    expect(figureMismatch(row('maxLcpMs', '1.5 s'), 1500)).toBeUndefined();
    expect(figureMismatch(row('LOCK_WAIT_MS', '2 minutes'), 120_000)).toBeUndefined();
    expect(figureMismatch(row('maxHomeScriptBytes', '67 KB'), 67 * 1024)).toBeUndefined();
    expect(figureMismatch(row('maxDocumentBytes', '14,330 bytes'), 14_330)).toBeUndefined();
    expect(
      figureMismatch(row('downloadBitsPerSecond', '1.6 Mbps'), 1.6 * 1024 * 1024),
    ).toBeUndefined();
    expect(figureMismatch(row('LCP_TARGET_RATIO', '1.15×'), 1.15)).toBeUndefined();
    expect(figureMismatch(row('CERTIFICATE_WARNING_DAYS', '14 days'), 14)).toBeUndefined();
  });

  it('names a figure that differs from its constant, or counts something else', () => {
    expect(figureMismatch(row('maxHomeScriptBytes', '66 KB'), 67 * 1024)).toMatch(/66 KB.*68608/);
    expect(figureMismatch(row('IDLE_LIMIT_MS', '30 bytes'), 30_000)).toMatch(/counts time/);
    expect(figureMismatch(row('maxHomeRequests', '6'), undefined)).toMatch(
      /not an exported number/,
    );
  });

  it('refuses a figure it cannot read', () => {
    expect(() => parseFigure('about 1.5 s')).toThrow(/not a figure/);
    expect(() => parseFigure('3 fortnights')).toThrow(/not a figure/);
  });
});
