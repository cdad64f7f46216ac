/**
 * The grade Mozilla's HTTP Observatory gives a site, computed from its actual answers with the
 * published scoring table (github.com/mozilla/http-observatory, httpobs/docs/scoring.md, as MDN's
 * Observatory uses it since 2024: without the retired X-XSS-Protection, HPKP and contribute.json
 * tests). Every site starts at 100; bonuses count only when the score without them is 90 or more.
 *
 * Only what the headers and the page show is scored; the tests need no certificate check or
 * preload list, so `hsts-preloaded` and `redirection-invalid-cert` never occur here.
 */

export type Headers = Readonly<Record<string, string | undefined>>;

export interface SiteAnswers {
  /** The headers of the HTTPS answer for `/` (names in lower case), or undefined without HTTPS. */
  https: Headers | undefined;
  /** The HTML of that answer, for the Subresource Integrity test. */
  html?: string;
  /** The plain-HTTP answer for `/`: its status and headers, or undefined when HTTP is closed. */
  http: { status: number; headers: Headers } | undefined;
  /** The host the HTTP request was sent to. */
  host: string;
}

export interface Modifier {
  test: string;
  result: string;
  score: number;
}

export interface Grade {
  score: number;
  grade: string;
  modifiers: Modifier[];
}

const GRADES: readonly [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export const gradeOf = (score: number): string =>
  GRADES.find(([minimum]) => score >= minimum)?.[1] ?? 'F';

/** The directives of a policy, names in lower case, sources as written. */
function parsePolicy(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Sources that let anything in: any scheme, any host, `data:` where code runs. */
const broad = (sources: readonly string[], dataToo: boolean) =>
  sources.some((source) =>
    ['*', 'http:', 'https:', ...(dataToo ? ['data:'] : [])].includes(source.toLowerCase()),
  );

/** A hash or nonce makes browsers ignore 'unsafe-inline'. */
const hashOrNonce = (sources: readonly string[]) =>
  sources.some((source) => /^'(sha(256|384|512)-|nonce-)/i.test(source));

function contentSecurityPolicy(csp: string | undefined): [string, number] {
  if (!csp) return ['csp-not-implemented', -25];
  const policy = parsePolicy(csp);
  if (policy.size === 0) return ['csp-header-invalid', -25];
  const effective = (name: string) => policy.get(name) ?? policy.get('default-src');
  const script = effective('script-src');
  const object = effective('object-src');
  if (
    !script ||
    !object ||
    (script.includes("'unsafe-inline'") && !hashOrNonce(script)) ||
    broad(script, true) ||
    broad(object, true)
  ) {
    return ['csp-implemented-with-unsafe-inline', -20];
  }
  if (script.includes("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10];
  const all = [...policy.values()].flat().map((source) => source.toLowerCase());
  if (all.some((source) => source === 'http:' || source.startsWith('http://'))) {
    return ['csp-implemented-with-insecure-scheme', -20];
  }
  const style = effective('style-src') ?? [];
  if (style.includes("'unsafe-inline'") || broad(style, true)) {
    return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  }
  return policy.get('default-src')?.join(' ') === "'none'"
    ? ['csp-implemented-with-no-unsafe-default-src-none', 10]
    : ['csp-implemented-with-no-unsafe', 5];
}

const SIX_MONTHS = 15_768_000;

function strictTransportSecurity(answers: SiteAnswers): [string, number] {
  if (!answers.https) return ['hsts-not-implemented-no-https', -20];
  const value = answers.https['strict-transport-security'];
  if (value === undefined) return ['hsts-not-implemented', -20];
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?\s*(?:;|$)/i.exec(value)?.[1];
  if (maxAge === undefined) return ['hsts-header-invalid', -20];
  return Number(maxAge) >= SIX_MONTHS
    ? ['hsts-implemented-max-age-at-least-six-months', 0]
    : ['hsts-implemented-max-age-less-than-six-months', -10];
}

function redirection(answers: SiteAnswers): [string, number] {
  if (!answers.http) return ['redirection-not-needed-no-http', 0];
  const { status, headers } = answers.http;
  const location = headers.location;
  if (![301, 302, 303, 307, 308].includes(status) || !location) {
    return ['redirection-missing', -20];
  }
  const target = new URL(location, `http://${answers.host}/`);
  if (target.protocol !== 'https:') return ['redirection-not-to-https-on-initial-redirection', -10];
  return target.hostname === new URL(`http://${answers.host}/`).hostname
    ? ['redirection-to-https', 0]
    : ['redirection-off-host-from-http', -5];
}

function referrerPolicy(value: string | undefined): [string, number] {
  if (value === undefined) return ['referrer-policy-not-implemented', 0];
  // Browsers use the last value they understand.
  const policy =
    value
      .split(',')
      .map((each) => each.trim().toLowerCase())
      .at(-1) ?? '';
  if (
    ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      policy,
    )
  ) {
    return ['referrer-policy-private', 5];
  }
  if (policy === 'no-referrer-when-downgrade')
    return ['referrer-policy-no-referrer-when-downgrade', 0];
  if (['origin', 'origin-when-cross-origin', 'unsafe-url'].includes(policy)) {
    return ['referrer-policy-unsafe', -5];
  }
  return ['referrer-policy-header-invalid', -5];
}

function frameOptions(headers: Headers): [string, number] {
  if (parsePolicy(headers['content-security-policy'] ?? '').has('frame-ancestors')) {
    return ['x-frame-options-implemented-via-csp', 5];
  }
  const value = headers['x-frame-options']?.trim().toLowerCase();
  if (value === undefined) return ['x-frame-options-not-implemented', -20];
  if (value === 'deny' || value === 'sameorigin') return ['x-frame-options-sameorigin-or-deny', 0];
  if (value.startsWith('allow-from ')) return ['x-frame-options-allow-from-origin', 0];
  return ['x-frame-options-header-invalid', -20];
}

function contentTypeOptions(value: string | undefined): [string, number] {
  if (value === undefined) return ['x-content-type-options-not-implemented', -5];
  return value.trim().toLowerCase() === 'nosniff'
    ? ['x-content-type-options-nosniff', 0]
    : ['x-content-type-options-header-invalid', -5];
}

function subresourceIntegrity(html: string | undefined): [string, number] {
  if (html === undefined) return ['sri-not-implemented-response-not-html', 0];
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => /\bsrc\s*=/i.test(attributes));
  if (scripts.length === 0) return ['sri-not-implemented-but-no-scripts-loaded', 0];
  const external = scripts.filter((attributes) =>
    /\bsrc\s*=\s*["']?(https?:)?\/\//i.test(attributes),
  );
  if (external.length === 0)
    return ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0];
  const withIntegrity = external.every((attributes) => /\bintegrity\s*=/i.test(attributes));
  const secure = external.every((attributes) => !/\bsrc\s*=\s*["']?http:/i.test(attributes));
  if (withIntegrity) {
    return secure
      ? ['sri-implemented-and-external-scripts-loaded-securely', 5]
      : ['sri-implemented-but-external-scripts-not-loaded-securely', -20];
  }
  return secure
    ? ['sri-not-implemented-but-external-scripts-loaded-securely', -5]
    : ['sri-not-implemented-and-external-scripts-not-loaded-securely', -50];
}

function crossOriginResourceSharing(value: string | undefined): [string, number] {
  if (value === undefined) return ['cross-origin-resource-sharing-not-implemented', 0];
  return value.trim() === '*'
    ? ['cross-origin-resource-sharing-implemented-with-public-access', 0]
    : ['cross-origin-resource-sharing-implemented-with-restricted-access', 0];
}

function cookies(value: string | undefined): [string, number] {
  if (value === undefined) return ['cookies-not-found', 0];
  return /;\s*secure\b/i.test(value)
    ? ['cookies-secure-with-httponly-sessions', 0]
    : ['cookies-without-secure-flag', -20];
}

/** The Observatory's score and grade for a site's answers. */
export function observatoryGrade(answers: SiteAnswers): Grade {
  const headers = answers.https ?? answers.http?.headers ?? {};
  const results: [string, [string, number]][] = [
    ['content-security-policy', contentSecurityPolicy(headers['content-security-policy'])],
    ['cookies', cookies(headers['set-cookie'])],
    [
      'cross-origin-resource-sharing',
      crossOriginResourceSharing(headers['access-control-allow-origin']),
    ],
    ['redirection', redirection(answers)],
    ['referrer-policy', referrerPolicy(headers['referrer-policy'])],
    ['strict-transport-security', strictTransportSecurity(answers)],
    ['subresource-integrity', subresourceIntegrity(answers.html)],
    ['x-content-type-options', contentTypeOptions(headers['x-content-type-options'])],
    ['x-frame-options', frameOptions(headers)],
  ];
  const modifiers = results.map(([test, [result, score]]) => ({ test, result, score }));
  const penalties = modifiers.reduce((sum, { score }) => sum + Math.min(score, 0), 0);
  const bonuses = modifiers.reduce((sum, { score }) => sum + Math.max(score, 0), 0);
  const base = 100 + penalties;
  const score = Math.max(0, base >= 90 ? base + bonuses : base);
  return { score, grade: gradeOf(score), modifiers };
}
