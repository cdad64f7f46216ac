import { describe, expect, it } from 'vitest';
import { withoutRepeats } from './type-errors.ts';

describe('the type check output', () => {
  it('shows each mistake once, with the lines that explain it, in the order the compiler found them', () => {
    const mistake =
      "src/pages/home/home-page.tsx(18,9): error TS2322: Type 'string' is not assignable to type 'number'.";
    const detail =
      "site-build/x.ts(3,1): error TS2345: Argument of type 'A' is not assignable.\n  Property 'b' is missing.";
    const output = [mistake, detail, mistake, detail, 'Found 4 errors.', ''].join('\n');
    expect(withoutRepeats(output)).toBe([mistake, detail, 'Found 4 errors.', ''].join('\n'));
  });

  it('keeps two mistakes on the same line apart', () => {
    const one = 'a.ts(1,1): error TS1: one.';
    const two = 'a.ts(1,1): error TS2: two.';
    expect(withoutRepeats(`${one}\n${two}\n${one}\n`)).toBe(`${one}\n${two}\n`);
  });
});
