import { readability, TinyColor } from '@ctrl/tinycolor';
import type { Plugin } from 'vite';

/** The accent colours the owner sets in `business.ts` (`brand`). */
export interface BrandColours {
  accent: string;
  accentDark: string;
}

/** Each theme's calm, fixed colours beside the owner's accent, held to the same contrast rules. */
export const NEUTRALS = {
  light: {
    background: '#ffffff',
    surface: '#f3f6f9',
    text: '#1a2330',
    heading: '#0f1b2d',
    muted: '#4a5566',
    border: '#dde3ea',
    borderStrong: '#7a8696',
  },
  dark: {
    background: '#0e141b',
    surface: '#17202b',
    text: '#dbe3ec',
    heading: '#f3f6fa',
    muted: '#a3b0bf',
    border: '#2a3644',
    borderStrong: '#7d8b9c',
  },
} as const;

/** The WCAG 2 contrast ratio of two colours, from 1 to 21. */
export const contrastRatio: (first: string, second: string) => number = readability;

/** `percent` of the way from `from` to `to`, channel by channel in sRGB. */
const mix = (from: string, to: string, percent: number) =>
  new TinyColor(from).mix(to, percent).toHexString();

/** Every colour of one theme, as the stylesheet's custom properties use them. */
export type Palette = ReturnType<typeof palette>;

/** Derives a theme's palette from its accent: hover shade, text on accent, tinted surface. */
export function palette(theme: keyof typeof NEUTRALS, accent: string) {
  const neutrals = NEUTRALS[theme];
  const onAccent =
    contrastRatio(accent, '#ffffff') >= contrastRatio(accent, neutrals.background)
      ? '#ffffff'
      : neutrals.background;
  return {
    ...neutrals,
    accent,
    // Hover moves away from the page's background: darker in light, lighter in dark.
    accentHover: mix(accent, theme === 'light' ? '#000000' : '#ffffff', 20),
    onAccent,
    // A whisper of the accent behind the icons, so the brand colour recurs without shouting.
    accentSoft: mix(neutrals.background, accent, theme === 'light' ? 10 : 18),
  };
}

/** Each colour pair of the stylesheet: what, foreground, background, the WCAG AA ratio it needs. */
const PAIRS: readonly [string, keyof Palette, keyof Palette, number][] = [
  ['body text', 'text', 'background', 4.5],
  ['body text on a card', 'text', 'surface', 4.5],
  ['headings', 'heading', 'background', 4.5],
  ['secondary text', 'muted', 'background', 4.5],
  ['secondary text on a card', 'muted', 'surface', 4.5],
  ['links', 'accent', 'background', 4.5],
  ['links on a card', 'accent', 'surface', 4.5],
  ['links on hover', 'accentHover', 'background', 4.5],
  ['icons on their tint', 'accent', 'accentSoft', 3],
  ['button text', 'onAccent', 'accent', 4.5],
  ['button text on hover', 'onAccent', 'accentHover', 4.5],
  ['focus ring', 'accent', 'background', 3],
  ['focus ring on a card', 'accent', 'surface', 3],
  ['control borders', 'borderStrong', 'background', 3],
];

/** Each theme's field in `brand` and the palette made from it. */
const themes = (brand: BrandColours) =>
  [
    { theme: 'light', field: 'brand.accent', colours: palette('light', brand.accent) },
    { theme: 'dark', field: 'brand.accentDark', colours: palette('dark', brand.accentDark) },
  ] as const;

/** Every colour made from `brand` that falls short in either theme: which, its ratio, what it needs. */
export function brandContrastProblems(brand: BrandColours): string[] {
  return themes(brand).flatMap(({ theme, field, colours }) =>
    PAIRS.flatMap(([what, foreground, background, minimum]) => {
      const ratio = contrastRatio(colours[foreground], colours[background]);
      const problem =
        `${field} (${theme} theme): ${what} ${colours[foreground]} on ${colours[background]} ` +
        `has a contrast of ${ratio.toFixed(2)}:1, WCAG AA needs ${minimum}:1`;
      return ratio < minimum ? [problem] : [];
    }),
  );
}

/** Both themes' colours; the media query alone picks the dark, so the first paint has it. */
export function themeCss(brand: BrandColours): string {
  const [light, dark] = themes(brand).map(({ colours }) =>
    Object.entries(colours)
      .map(
        ([name, value]) =>
          `--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value};`,
      )
      .join(''),
  );
  return `:root{color-scheme:light dark;${light}}\n@media (prefers-color-scheme:dark){:root{${dark}}}\n`;
}

const STYLESHEET = /\/src\/styles\/global\.css$/;

/** Puts the owner's colours atop the global stylesheet, checked by the content check first. */
export function brandColours(brand: BrandColours): Plugin {
  return {
    name: 'brand-colours',
    enforce: 'pre',
    transform(code, id) {
      if (!STYLESHEET.test(id.split('?')[0]!)) return null;
      return { code: themeCss(brand) + code, map: null };
    },
  };
}
