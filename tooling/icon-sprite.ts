import type { Plugin } from 'vite';
import { ICON_NAMES, iconId, type IconName } from '../src/components/icon/icon-names.ts';
import { escapeHtml } from './escape-html.ts';

const SPRITE_CLASS = 'icon-sprite';

/** lucide's drawing of one icon: its elements (`path`, `circle`, …) with their attributes. */
type IconNode = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

/** lucide-react's own data for `name` (each icon module exports it beside its component). */
async function lucideNode(name: IconName): Promise<IconNode> {
  const module = (await import(`lucide-react/icons/${name}`)) as Record<string, unknown>;
  // Each icon module exports its data beside its component, under this name.
  const data = module['__iconData'] as { node?: IconNode } | undefined;
  const node = data?.node;
  if (!node) throw new Error(`lucide-react has no icon data for "${name}"`);
  return node;
}

const element = ([tag, attributes]: IconNode[number]): string => {
  const written = Object.entries(attributes)
    // lucide's `key` is React's, not the drawing's.
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
  return `<${tag}${written}/>`;
};

/**
 * The sprite: every icon of {@link ICON_NAMES} as a `<symbol>`, in an unshown `<svg>` at the start of
 * `<body>`, outside the app root, so that it stays while pages change. Each `<Icon>` (and each
 * copy of a page in a `<template>`) refers to its symbol with `<use>`; the drawing is in the HTML
 * once, and in no script.
 */
export async function iconSprite(names: readonly IconName[] = ICON_NAMES): Promise<string> {
  const symbols = await Promise.all(
    names.map(
      async (name) =>
        `<symbol id="${iconId(name)}" viewBox="0 0 24 24">${(await lucideNode(name)).map(element).join('')}</symbol>`,
    ),
  );
  // A class, not `hidden`: that attribute hides HTML elements only (src/styles/global.css).
  return `<svg class="${SPRITE_CLASS}" aria-hidden="true">${symbols.join('')}</svg>`;
}

/** Puts the sprite into index.html, in development and in the build. */
export function iconSpritePlugin(): Plugin {
  return {
    name: 'icon-sprite',
    async transformIndexHtml(html) {
      if (!/<body>/.test(html)) throw new Error('index.html has no <body> for the icon sprite');
      const sprite = await iconSprite();
      return html.replace('<body>', () => `<body>\n    ${sprite}`);
    },
  };
}
