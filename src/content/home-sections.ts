/**
 * The home page's service areas, in order, each with one icon per item of its list in the
 * translation files (`consulting.items.0` …), named as in the icon set.
 * A new area or item is an entry here and its texts.
 */
export const SERVICE_ICONS = {
  consulting: ['workflow', 'network', 'compass', 'chart-pie'],
  development: ['layers', 'app-window', 'code-xml', 'database-zap'],
} as const;

export type ServiceArea = keyof typeof SERVICE_ICONS;

/** The areas in the order the page shows them. */
export const SERVICE_AREAS = Object.keys(SERVICE_ICONS) as ServiceArea[];

/**
 * The sections of the home page, in order, by their element ids (`#/home#contact`): the page, its
 * targets without JavaScript and the header's links follow it.
 */
export const HOME_SECTIONS = ['intro', ...SERVICE_AREAS, 'contact'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const isServiceArea = (section: HomeSection): section is ServiceArea =>
  Object.hasOwn(SERVICE_ICONS, section);

/** The positions of a list's entries as literals (`0 | 1 | 2 | 3`), which keys made of them keep. */
export type PositionOf<List extends readonly unknown[]> = {
  [Index in keyof List]: Index extends `${infer Position extends number}` ? Position : never;
}[number];

export type ItemPosition = PositionOf<(typeof SERVICE_ICONS)[ServiceArea]>;

/** The positions of an area's items in the translation files' lists (`consulting.items.0` …). */
export const itemPositions = (area: ServiceArea): ItemPosition[] =>
  SERVICE_ICONS[area].map((_icon, position) => position as ItemPosition);
