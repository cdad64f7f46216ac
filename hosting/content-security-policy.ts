import { createHash } from 'node:crypto';

/** The CSP source expression that allows exactly one inline script, e.g. `'sha256-…'`. */
export const scriptHashSource = (inlineScript: string): string =>
  `'sha256-${createHash('sha256').update(inlineScript, 'utf8').digest('base64')}'`;

/**
 * The site's Content-Security-Policy: scripts only from our files and the inline ones by hash.
 * Inline styles are allowed, as they run no code: by hash, every CSS edit would change the policy,
 * and a server configuration one deploy behind would leave visitors an unstyled page.
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
    .filter(({ groups }) => !/\bsrc=|type="application\/(ld\+)?json"/.test(groups!.attributes!))
    .map(({ groups }) => groups!.body!);
}
