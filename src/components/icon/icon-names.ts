/**
 * The icons the site draws, by their lucide name (https://lucide.dev/icons). Each is drawn once,
 * as a `<symbol>` in the document's sprite (tooling/icon-sprite.ts); components only refer to it.
 */
export const ICON_NAMES = [
  'workflow',
  'network',
  'compass',
  'chart-pie',
  'layers',
  'app-window',
  'code-xml',
  'database-zap',
  'arrow-right',
  'phone',
  'mail',
  'download',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The id of an icon's `<symbol>` in the document. */
export const iconId = (name: IconName): string => `icon-${name}`;
