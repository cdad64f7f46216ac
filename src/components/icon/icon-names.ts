import { SERVICE_ICONS, type ServiceIconName } from '../../content/home-sections.ts';

/** The icons the site draws besides the services' own, by their lucide name. */
const OTHER_ICONS = ['arrow-right', 'phone', 'mail', 'download'] as const;

/**
 * The icons the site draws, by their lucide name (https://lucide.dev/icons): the services' (named
 * once, beside their areas) and the others. Each is drawn once, as a `<symbol>` in the document's
 * sprite; components only refer to it.
 */
export const ICON_NAMES: readonly IconName[] = [
  ...new Set([...Object.values(SERVICE_ICONS).flat(), ...OTHER_ICONS]),
];

export type IconName = ServiceIconName | (typeof OTHER_ICONS)[number];

/** The id of an icon's `<symbol>` in the document. */
export const iconId = (name: IconName): string => `icon-${name}`;
