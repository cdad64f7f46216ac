import { HOME_PATH, pathOf, type LegalRoute } from '../src/content/routes.ts';
import { hrefOf } from '../src/router/hash-history.ts';
import { escapeHtml } from '../src/prerender/escape.ts';

/**
 * The look of the `<noscript>` block (a `<style>` in a `<noscript>` in `<head>`, so that it costs
 * nothing with scripts on): the notice in the page's column, and each legal text shown only while
 * the address names it (`#/imprint`), as it would be a page of its own.
 */
export const NOSCRIPT_CSS =
  'body>noscript>p{max-width:72rem;margin:1rem auto;padding:0 var(--gutter,1rem)}' +
  'body>noscript>article:not(:target){display:none}';

/**
 * The legal text of one prerendered page (its `<article>`), for a visitor without JavaScript: it
 * gets the id the footer's link names (`#/imprint` → `id="/imprint"`), so that the link, which
 * leads nowhere without the app, brings the text into view; and it loses the close "X", which
 * would lead nowhere (the browser's Back returns). The markup is the page's own, byte for byte
 * where it can be, so that brotli stores it as a reference to the page's `<template>`.
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
 * What a visitor without JavaScript gets below the page the document shows: the notice (from the
 * translation file) and the imprint and privacy statement in the document's language, each brought
 * into view by its footer link. The imprint is thus one link away on every page, as § 5 DDG asks.
 */
export function noscriptBlock(notice: string, articles: readonly string[]): string {
  return `<noscript><p>${escapeHtml(notice)}</p>${articles.join('')}</noscript>`;
}
