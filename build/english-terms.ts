interface Dictionary {
  [key: string]: string | Dictionary;
}

/** The translation groups whose texts are names of services, often English terms of the trade. */
const TERM_GROUPS = ['consulting.items', 'development.items'] as const;

function group(dictionary: Dictionary, path: string): Dictionary {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'object' ? node : {};
}

/**
 * Keys of the service names that are English terms: those the German file gives word for word as
 * the English one does (the owner did not translate them). Decided from the data, so a renamed or
 * new service gets the right `lang` on the German page without a code change.
 */
export function englishTermKeys(de: Dictionary, en: Dictionary): string[] {
  return TERM_GROUPS.flatMap((path) => {
    const german = group(de, path);
    const english = group(en, path);
    return Object.keys(german)
      .filter((key) => typeof german[key] === 'string' && german[key] === english[key])
      .map((key) => `${path}.${key}`);
  });
}
