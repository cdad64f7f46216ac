/**
 * Eight hex digits that change with any text of a dictionary (FNV-1a over its JSON): the build
 * writes those of the files it rendered the pages from (`BUILT_TEXTS`), and the app compares the
 * files it loaded, to know whether the prerendered page says what it would render.
 */
export function fingerprint(dictionary: unknown): string {
  const text = JSON.stringify(dictionary);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
