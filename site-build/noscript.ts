import { HOME_PATH, pathOf, type LegalRoute } from '../src/content/routes.ts';
import { hrefOf } from '../src/router/hash-history.ts';
import { escapeHtml } from '../src/prerender/escape.ts';

/** The `<noscript>` look: each legal text shows only while the address names it (`#/imprint`). */
export const NOSCRIPT_CSS =
  'body>noscript>p{max-width:72rem;margin:1rem auto;padding:0 var(--gutter,1rem)}' +
  'body>noscript>article:not(:target){display:none}';

/**
 * A page's legal text without JavaScript: the id the footer's link names, no close "X" (it would
 * lead nowhere); else the page's markup byte for byte, which brotli stores as a reference.
 */
export function legalArticle(pageHtml: string, route: LegalRoute): string {
  const article = /<article\b[\s\S]*<\/article>/.exec(pageHtml)?.[0];
  if (!article) throw new Error(`Cannot prerender: the ${route} page has no <article>.`);
  const home = hrefOf(HOME_PATH).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const close = new RegExp(`<a\\b[^>]*\\shref="${home}"[^>]*>[\\s\\S]*?<\\/a>`);
  if (!close.test(article)) throw new Error(`Cannot prerender: the ${route} page has no close X.`);
  return article.replace(close, '').replace(/^<article\b/, `<article id="${pathOf(route)}"`);
}

/** Below the shown page, the notice and the legal texts: the imprint one link away (§ 5 DDG). */
export function noscriptBlock(notice: string, articles: readonly string[]): string {
  return `<noscript><p>${escapeHtml(notice)}</p>${articles.join('')}</noscript>`;
}
