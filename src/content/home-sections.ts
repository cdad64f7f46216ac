/**
 * The home page's service areas, in order, each with one lucide icon (https://lucide.dev/icons) per
 * item of its list in the translation files: a new area or item is an entry here and its texts.
 */
export const SERVICE_ICONS = {
  consulting: ['workflow', 'network', 'compass', 'chart-pie'],
  development: ['layers', 'app-window', 'code-xml', 'database-zap'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

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

/**
 * The keys of each area's own items, paired: `consulting.items.0` to as many as that area names
 * icons, so that an area with three items asks for no fourth.
 */
type AreaKey<Group extends string> = {
  [Area in ServiceArea]: `${Area}.${Group}.${PositionOf<(typeof SERVICE_ICONS)[Area]>}`;
}[ServiceArea];
export type ServiceItemKey = AreaKey<'items'>;
export type ServiceDescriptionKey = AreaKey<'descriptions'>;
export type ServiceIconName = (typeof SERVICE_ICONS)[ServiceArea][number];

export interface ServiceItem {
  /** The key of its name (`consulting.items.0`). */
  name: ServiceItemKey;
  /** The key of what a client gets from it (`consulting.descriptions.0`). */
  description: ServiceDescriptionKey;
  icon: ServiceIconName;
}

/** An area's items, in order, with their keys in the translation files and their icons. */
export const serviceItems = (area: ServiceArea): ServiceItem[] =>
  SERVICE_ICONS[area].map((icon, position) => ({
    name: `${area}.items.${position}` as ServiceItemKey,
    description: `${area}.descriptions.${position}` as ServiceDescriptionKey,
    icon,
  }));

/** The positions of an area's items in the translation files' lists (`consulting.items.0` …). */
export const itemPositions = (area: ServiceArea): number[] =>
  SERVICE_ICONS[area].map((_icon, position) => position);
