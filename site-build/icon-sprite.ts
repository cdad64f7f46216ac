import { icons, type IconNode } from 'lucide';
import type { Plugin } from 'vite';
import { ICON_NAMES, iconId, type IconName } from '../src/components/icon/icon-names.ts';
import { escapeHtml } from '../src/prerender/escape.ts';

/** lucide's drawing of `name` (`chart-pie`), from the public `icons` map of the `lucide` package. */
const lucideDrawing = (name: string): IconNode | undefined =>
  Reflect.get(
    icons,
    name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase()),
  ) as IconNode | undefined;

export const isLucideIcon = (name: string): boolean => lucideDrawing(name) !== undefined;

const element = ([tag, attributes]: IconNode[number]): string => {
  const written = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
  return `<${tag}${written}/>`;
};

/** Each icon once, as a `<symbol>` of an unshown `<svg>` outside the app root, kept by pages. */
export function iconSprite(names: readonly IconName[] = ICON_NAMES): string {
  const symbols = names.map((name) => {
    const node = lucideDrawing(name);
    if (!node) {
      throw new Error(
        `lucide has no icon "${name}": check its name in SERVICE_ICONS in src/content/home-sections.ts against https://lucide.dev/icons`,
      );
    }
    return `<symbol id="${iconId(name)}" viewBox="0 0 24 24">${node.map(element).join('')}</symbol>`;
  });
  // A class, not `hidden`: that attribute hides HTML elements only (src/styles/global.css).
  return `<svg class="icon-sprite" aria-hidden="true">${symbols.join('')}</svg>`;
}

/** Puts the sprite into index.html, in development and in the build. */
export function iconSpritePlugin(): Plugin {
  return {
    name: 'icon-sprite',
    transformIndexHtml(html) {
      if (!/<body>/.test(html)) throw new Error('index.html has no <body> for the icon sprite');
      const sprite = iconSprite();
      return html.replace('<body>', () => `<body>\n    ${sprite}`);
    },
  };
}
