import { describe, expect, it } from 'vitest';
import { business } from '../src/content/business.ts';
import { checkBrandContrast, contrastRatio, NEUTRALS, themeCss } from './brand-colors.ts';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the well-known lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('checkBrandContrast', () => {
  it('accepts the shipped brand colours in both themes', () => {
    const themes = checkBrandContrast(business.brand);
    expect(themes.light.accent).toBe(business.brand.accent);
    expect(themes.dark.accent).toBe(business.brand.accentDark);
  });

  it('stops on a light accent too pale for text, naming the field, colour and ratio', () => {
    const pale = '#7ab8f5';
    const ratio = contrastRatio(pale, NEUTRALS.light.background).toFixed(2);
    expect(() => checkBrandContrast({ ...business.brand, accent: pale })).toThrow(
      new RegExp(
        `brand\\.accent \\(light theme\\): links ${pale} on #ffffff has a contrast of ${ratio}:1, WCAG AA needs 4\\.5:1`,
      ),
    );
  });

  it('stops on a dark-theme accent too dark to read on the dark background', () => {
    expect(() => checkBrandContrast({ ...business.brand, accentDark: '#0b5cad' })).toThrow(
      /brand\.accentDark \(dark theme\): links #0b5cad on #0e141b has a contrast of \d\.\d\d:1/,
    );
  });

  it('stops on a mid-tone accent on which neither white nor dark button text reaches 4.5:1', () => {
    expect(() => checkBrandContrast({ ...business.brand, accent: '#2f8f5a' })).toThrow(
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
