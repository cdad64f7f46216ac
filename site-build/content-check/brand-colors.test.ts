import { describe, expect, it } from 'vitest';
import { business } from '../../src/content/business.ts';
import {
  brandContrastProblems,
  contrastRatio,
  NEUTRALS,
  palette,
  themeCss,
} from './brand-colors.ts';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the well-known lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('palette', () => {
  it('mixes the hover shade and the tint channel by channel in sRGB, rounded', () => {
    // #0b5cad is (11, 92, 173): 20 % of the way to black, and 10 % of the way from white.
    expect(palette('light', '#0b5cad')).toMatchObject({
      accentHover: '#094a8a',
      accentSoft: '#e7eff7',
      onAccent: '#ffffff',
    });
  });
});

describe('brandContrastProblems', () => {
  it('finds none in the shipped brand colours, in either theme', () => {
    expect(brandContrastProblems(business.brand)).toEqual([]);
  });

  it('names a light accent too pale for text: the field, colour and ratio', () => {
    const pale = '#7ab8f5';
    const ratio = contrastRatio(pale, NEUTRALS.light.background).toFixed(2);
    expect(brandContrastProblems({ ...business.brand, accent: pale }).join('\n')).toMatch(
      new RegExp(
        `brand\\.accent \\(light theme\\): links ${pale} on #ffffff has a contrast of ${ratio}:1, WCAG AA needs 4\\.5:1`,
      ),
    );
  });

  it('names a dark-theme accent too dark to read on the dark background', () => {
    expect(brandContrastProblems({ ...business.brand, accentDark: '#0b5cad' }).join('\n')).toMatch(
      /brand\.accentDark \(dark theme\): links #0b5cad on #0e141b has a contrast of \d\.\d\d:1/,
    );
  });

  it('names a mid-tone accent on which neither white nor dark button text reaches 4.5:1', () => {
    expect(brandContrastProblems({ ...business.brand, accent: '#2f8f5a' }).join('\n')).toMatch(
      /brand\.accent \(light theme\): .*WCAG AA needs/,
    );
  });
});

describe('themeCss', () => {
  it('writes both themes, the dark one behind prefers-color-scheme', () => {
    const css = themeCss(business.brand);
    expect(css).toContain(`--color-accent:${business.brand.accent};`);
    expect(css).toMatch(
      new RegExp(
        `@media \\(prefers-color-scheme:dark\\)\\{:root\\{.*--color-accent:${business.brand.accentDark};`,
      ),
    );
  });
});
