import { createHash } from 'node:crypto';

/** The CSP source expression that allows exactly one inline script, e.g. `'sha256-…'`. */
export const scriptHashSource = (inlineScript: string): string =>
  `'sha256-${createHash('sha256').update(inlineScript, 'utf8').digest('base64')}'`;

/**
 * The site's Content-Security-Policy, the one both server configurations in `hosting/` send.
 *
 * Scripts: only our own files and the inline boot and swap scripts that pick and show the
 * prerendered view before the first paint, allowed by their hashes (no 'unsafe-inline', no
 * 'unsafe-eval').
 *
 * Styles: the critical CSS is inlined into `index.html` so that no stylesheet blocks the first paint.
 * Allowing it by hash would change the policy with every CSS edit, and a server configuration that
 * lags one deploy behind would then leave visitors with an unstyled page. Inline styles cannot run
 * code, so 'unsafe-inline' is allowed for styles only.
 */
export function contentSecurityPolicy(inlineScripts: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(inlineScripts.map(scriptHashSource))].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The inline scripts of a built page, the ones its policy must allow by hash: JSON blocks
 * (`application/json`, `application/ld+json`) are data, not scripts, and need none.
 */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?<attributes>[^>]*)>(?<body>[\s\S]*?)<\/script>/g)]
    .filter(({ groups }) => !/\bsrc=/.test(groups!.attributes!))
    .filter(({ groups }) => !/type="application\/(ld\+)?json"/.test(groups!.attributes!))
    .map(({ groups }) => groups!.body!);
}
