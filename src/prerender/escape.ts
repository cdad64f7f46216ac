/**
 * The one place where text is made safe for the documents the build writes.
 *
 * `escapeHtml`: text for HTML and XML content and quoted attribute values (the sitemap too), as
 * numeric references, which both languages know.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `value` as JSON inside a `<script>` element (the page data, the structured data): `<`, `>` and
 * `&` as `\u` escapes, so no text can close the element or open a comment; JSON reads them back
 * unchanged.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
