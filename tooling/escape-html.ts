/**
 * Text made safe for HTML and XML content and quoted attribute values (the sitemap too): numeric
 * references, which both languages know.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
