import { HOME_PATH, pathOf, type LegalRoute } from '../src/content/routes.ts';
import { hrefOf } from '../src/router/hash-history.ts';
import { escapeHtml } from '../src/prerender/escape.ts';

/**
 * The look of the `<noscript>` block, which costs nothing with scripts on: each legal text shows
 * only while the address names it (`#/imprint`), as it would be a page of its own.
 */
export const NOSCRIPT_CSS =
  'body>noscript>p{max-width:72rem;margin:1rem auto;padding:0 var(--gutter,1rem)}' +
  'body>noscript>article:not(:target){display:none}';

/**
 * A prerendered page's legal text for a visitor without JavaScript: the id the footer's link names
 * brings it into view, and the close "X", which would lead nowhere, goes. The rest is the page's
 * own markup byte for byte, so that brotli stores it as a reference to the page's `<template>`.
 */
export function legalArticle(pageHtml: string, route: LegalRoute): string {
  const article = /<article\b[\s\S]*<\/article>/.exec(pageHtml)?.[0];
  if (!article) throw new Error(`Cannot prerender: the ${route} page has no <article>.`);
  const home = hrefOf(HOME_PATH).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const close = new RegExp(`<a\\b[^>]*\\shref="${home}"[^>]*>[\\s\\S]*?<\\/a>`);
  if (!close.test(article)) throw new Error(`Cannot prerender: the ${route} page has no close X.`);
  return article.replace(close, '').replace(/^<article\b/, `<article id="${pathOf(route)}"`);
}

/**
 * What a visitor without JavaScript gets below the shown page: the notice and the legal texts in
 * the document's language, so that the imprint is one link away on every page (§ 5 DDG).
 */
export function noscriptBlock(notice: string, articles: readonly string[]): string {
  return `<noscript><p>${escapeHtml(notice)}</p>${articles.join('')}</noscript>`;
}
