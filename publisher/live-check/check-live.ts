/**
 * `npm run check:live`: the pure parts. What the live site's answers must hold (the header policy,
 * the files of the build), and how a failure is told to the owner: the check, what was found, the
 * likely cause and the fix for the kind of host that answered.
 */
import { HASHED_ASSET_PATH, type HeaderPolicy } from '../../hosting/header-policy.ts';

export type Outcome = 'pass' | 'warn' | 'fail';

/** What went wrong, as a kind the owner's advice is chosen by. */
export type Problem =
  | 'unreachable'
  | 'tls-untrusted'
  | 'tls-expired'
  | 'tls-name'
  | 'tls-expiring'
  | 'plain-http'
  | 'no-redirect'
  | 'no-hsts'
  | 'headers'
  | 'cache'
  | 'not-found'
  | 'hidden-served'
  | 'files'
  | 'cookie'
  | 'foreign-origin'
  | 'storage'
  | 'console'
  | 'heading'
  | 'too-many-requests';

export interface CheckResult {
  check: string;
  outcome: Outcome;
  /** What was found, one line per finding. */
  details: string[];
  /** Set for a warning or failure: chooses the cause and fix shown. */
  problem?: Problem;
}

export const pass = (check: string, ...details: string[]): CheckResult => ({
  check,
  outcome: 'pass',
  details,
});

export const failed = (
  check: string,
  problem: Problem,
  details: string[],
  outcome: Outcome = 'fail',
): CheckResult => ({ check, outcome, details, problem });

/** 0 when everything holds (warnings included), 1 when something differs, 2 when unreachable. */
export function exitCode(results: readonly CheckResult[]): 0 | 1 | 2 {
  if (results.some((result) => result.problem === 'unreachable')) return 2;
  return results.some((result) => result.outcome === 'fail') ? 1 : 0;
}

/** The kind of host, told by its `Server` header, that decides which fix to give. */
export type HostKind = 'apache' | 'nginx' | 'cloudflare' | 'netlify' | 'unknown';

export function hostKind(server: string | undefined): HostKind {
  const name = (server ?? '').toLowerCase();
  if (name.includes('cloudflare')) return 'cloudflare';
  if (name.includes('netlify')) return 'netlify';
  if (name.includes('nginx')) return 'nginx';
  if (name.includes('apache')) return 'apache';
  return 'unknown';
}

interface Advice {
  cause: string;
  fix: string | (Partial<Record<HostKind, string>> & { other: string });
}

const HEADER_FIX = {
  apache:
    'The host ignores the .htaccess (AllowOverride None) or lacks mod_headers: ask the host to allow ' +
    '.htaccess overrides with mod_headers, or use hosting/apache/site.conf on a server of your own.',
  nginx:
    'Install hosting/nginx/security-headers.conf where hosting/nginx/site.conf includes it, use ' +
    'site.conf as it is, and reload nginx (`nginx -t && systemctl reload nginx`).',
  cloudflare:
    'Upload dist/ with its _headers file (npm run build writes it) and check the dashboard: a ' +
    'Transform Rule or Worker may change headers.',
  netlify: 'Upload dist/ with its _headers file (npm run build writes it).',
  other:
    'Apache shared hosting: the .htaccess must be uploaded and the host must allow it ' +
    '(AllowOverride All, mod_headers). nginx: hosting/nginx/site.conf and security-headers.conf. ' +
    'Cloudflare Pages or Netlify: upload dist/ with _headers. hosting/README.md has each host.',
} as const;

const ADVICE: Record<Problem, Advice> = {
  unreachable: {
    cause:
      'This address does not serve the site: a wrong address (or one that sends visitors elsewhere), DNS not pointing at the host yet, or the host is down.',
    fix: {
      other:
        "Check the address (siteUrl in src/content/business.ts) and the domain in the host's dashboard.",
    },
  },
  'tls-untrusted': {
    cause:
      'Browsers do not trust the certificate: it is self-signed, or the host sends it without its intermediate certificate.',
    fix: {
      other:
        "Switch on the host's Let's Encrypt (or install the full chain, fullchain.pem) for this domain.",
    },
  },
  'tls-expired': {
    cause: 'The certificate has expired: its automatic renewal stopped.',
    fix: {
      other:
        "Renew it in the host's dashboard (or `certbot renew` on a server of your own) and check the renewal runs.",
    },
  },
  'tls-name': {
    cause: 'The certificate is for another name than this address.',
    fix: {
      other: 'Issue the certificate for this host name (with and without www if both are used).',
    },
  },
  'tls-expiring': {
    cause:
      "The certificate expires soon, and Let's Encrypt certificates renew a month before they end.",
    fix: {
      other:
        "Check that automatic renewal is on (the host's dashboard, or `certbot renew --dry-run`).",
    },
  },
  'plain-http': {
    cause: 'The site is checked over plain HTTP: visitors get no encryption.',
    fix: { other: 'Switch on HTTPS at the host and check the https:// address.' },
  },
  'no-redirect': {
    cause: 'Plain HTTP does not send visitors to HTTPS.',
    fix: {
      apache:
        'Upload the .htaccess from dist/ (its RewriteRule redirects) and make sure mod_rewrite is allowed.',
      nginx: 'Use the port-80 server block of hosting/nginx/site.conf.',
      cloudflare: 'Switch on "Always Use HTTPS" (SSL/TLS, Edge Certificates).',
      netlify: 'Netlify redirects by itself once HTTPS is on for the domain.',
      other: 'Switch on the host\'s "redirect to HTTPS" (or use the configurations in hosting/).',
    },
  },
  'no-hsts': {
    cause:
      'Strict-Transport-Security is missing or weaker than the policy: browsers may try plain HTTP first.',
    fix: HEADER_FIX,
  },
  headers: {
    cause:
      'The security headers of hosting/header-policy.ts are not (all) sent: the host does not apply the configuration.',
    fix: HEADER_FIX,
  },
  cache: {
    cause:
      'The host caches differently than the policy says: visitors may see old pages, or load unchanged files again.',
    fix: HEADER_FIX,
  },
  'not-found': {
    cause: "A path that is not a file does not answer 404 with the site's 404 page.",
    fix: {
      apache: 'Upload the .htaccess from dist/ (its ErrorDocument line) and 404.html.',
      nginx: 'Use the error_page line of hosting/nginx/site.conf and upload 404.html.',
      other: "Upload 404.html with the rest of dist/ and set the host's error page to it.",
    },
  },
  'hidden-served': {
    cause: 'The host serves hidden files that are meant for the server alone.',
    fix: {
      apache:
        'The host must deny files starting with a dot (Apache does by default for .ht*; ask for the rest).',
      nginx: 'Use the `location ~ /\\.` block of hosting/nginx/site.conf.',
      cloudflare:
        'Cloudflare Pages serves every file uploaded: leave .htaccess (for Apache only) out of the upload.',
      netlify:
        'Netlify serves every file uploaded: leave .htaccess (for Apache only) out of the upload.',
      other: 'Upload dist/ only, and have the host refuse files whose name starts with a dot.',
    },
  },
  files: {
    cause:
      'The live files are not the files of this build: an upload that stopped, an older build, or a file changed on the server.',
    fix: {
      other:
        'Run `npm run deploy` again (it uploads what differs); never edit files on the server.',
    },
  },
  cookie: {
    cause: 'Something sets a cookie, which the privacy statement says the site never does.',
    fix: {
      cloudflare:
        'Switch off Bot Fight Mode, challenges, rate limiting and session affinity (hosting/README.md, "Keep off on Cloudflare").',
      other:
        'Find the host or CDN feature that sets it (bot protection, load balancing, statistics) and switch it off.',
    },
  },
  'foreign-origin': {
    cause:
      'The pages load something from another address, which the privacy statement says they never do.',
    fix: {
      cloudflare: 'Switch off Web Analytics and its automatic setup on Pages, and Zaraz.',
      other:
        "Switch off the host's or CDN's statistics or script injection, then upload dist/ again.",
    },
  },
  storage: {
    cause: 'Something keeps an entry in the browser that the privacy statement does not name.',
    fix: {
      other: 'Switch off whatever the host or CDN injects into the pages, then upload dist/ again.',
    },
  },
  console: {
    cause: 'The browser reports errors on the page: something it needs was blocked or is missing.',
    fix: { other: 'Fix the failures above first; then upload dist/ whole with `npm run deploy`.' },
  },
  heading: {
    cause: 'A page does not show its heading: it failed to load or to start.',
    fix: { other: 'Fix the failures above first; then upload dist/ whole with `npm run deploy`.' },
  },
  'too-many-requests': {
    cause: 'The check stopped at its limit of requests before everything was checked.',
    fix: { other: 'Raise the limit with --max-requests if the build has grown.' },
  },
};

/** The likely cause of a problem and its fix on this kind of host, in the owner's words. */
export function advice(problem: Problem, host: HostKind): { cause: string; fix: string } {
  const { cause, fix } = ADVICE[problem];
  return { cause, fix: typeof fix === 'string' ? fix : (fix[host] ?? fix.other) };
}

const MARK: Record<Outcome, string> = { pass: 'ok  ', warn: 'WARN', fail: 'FAIL' };

/** The table the command prints: one row per check, and under a failure its findings, cause and fix. */
export function formatTable(results: readonly CheckResult[], host: HostKind): string {
  const width = Math.max(...results.map((result) => result.check.length));
  const lines: string[] = [];
  for (const result of results) {
    const [first = '', ...rest] = result.details;
    lines.push(`${MARK[result.outcome]}  ${result.check.padEnd(width)}  ${first}`.trimEnd());
    const indent = ' '.repeat(width + 8);
    for (const detail of rest) lines.push(`${indent}${detail}`);
    if (result.problem && result.outcome !== 'pass') {
      const { cause, fix } = advice(result.problem, host);
      lines.push(`${indent}Cause: ${cause}`, `${indent}Fix:   ${fix}`);
    }
  }
  const failures = results.filter((result) => result.outcome === 'fail').length;
  const warnings = results.filter((result) => result.outcome === 'warn').length;
  const unreachable = results.some((result) => result.problem === 'unreachable');
  lines.push(
    '',
    unreachable
      ? 'The site cannot be reached: nothing was compared.'
      : failures === 0
        ? `The live site matches the build${warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : ''}.`
        : `The live site differs from the build: ${failures} check${failures > 1 ? 's' : ''} failed.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The kinds of answer the header policy is checked on. */
export type AnswerKind = 'document' | 'hashed' | 'translation' | 'not-found';

/** `[name, value]` pairs as sent (Node's `rawHeaders`), so a header sent twice is seen. */
export type RawHeaders = readonly (readonly [string, string])[];

export function pairs(rawHeaders: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    result.push([rawHeaders[index]!, rawHeaders[index + 1]!]);
  }
  return result;
}

const valuesOf = (headers: RawHeaders, name: string) =>
  headers.filter(([each]) => each.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

/**
 * Where an answer differs from the policy: each security header once with the policy's value,
 * and the Cache-Control of its kind. Strict-Transport-Security is left to {@link hstsProblems}.
 * A 404 may be `no-store` instead: never kept is stricter than revalidated (Cloudflare sends it).
 */
export function headerProblems(
  headers: RawHeaders,
  policy: HeaderPolicy,
  kind: AnswerKind,
): { headers: string[]; cache: string[] } {
  const problems: string[] = [];
  for (const { name, value, httpsOnly } of policy.security) {
    if (httpsOnly) continue;
    const sent = valuesOf(headers, name);
    if (sent.length === 0) problems.push(`${name} missing`);
    else if (sent.length > 1) problems.push(`${name} sent ${sent.length} times`);
    else if (sent[0] !== value) {
      problems.push(
        `${name} is ${JSON.stringify(sent[0])}, the policy says ${JSON.stringify(value)}`,
      );
    }
  }
  const expected = kind === 'hashed' ? policy.cache.hashed : policy.cache.other;
  const cache = valuesOf(headers, 'cache-control').join(', ');
  const allowed = kind === 'not-found' ? [expected, 'no-store'] : [expected];
  const cacheProblems = allowed.includes(cache)
    ? []
    : [
        `Cache-Control is ${cache ? JSON.stringify(cache) : 'missing'}, the policy says ${JSON.stringify(expected)}`,
      ];
  return { headers: problems, cache: cacheProblems };
}

/** Strict-Transport-Security as the policy has it, or nothing when the policy has none. */
export function hstsProblems(headers: RawHeaders, policy: HeaderPolicy): string[] {
  const wanted = policy.security.find(
    (header) => header.name.toLowerCase() === 'strict-transport-security',
  );
  if (!wanted) return [];
  const sent = valuesOf(headers, wanted.name);
  if (sent.length === 0) return [`${wanted.name} missing`];
  if (sent.length > 1 || sent[0] !== wanted.value) {
    return [
      `${wanted.name} is ${JSON.stringify(sent.join(' | '))}, the policy says ${JSON.stringify(wanted.value)}`,
    ];
  }
  return [];
}

/** The names of the cookies in `Set-Cookie` values. */
export const cookieNames = (setCookies: readonly string[]): string[] =>
  setCookies.map((cookie) => cookie.split('=')[0]!.trim());

/**
 * Whether a redirect from the HTTP address goes to HTTPS on the site's own host. nginx's
 * `https://$host…` leaves the port out, so the host is compared by name alone.
 */
export function redirectProblem(
  status: number,
  location: string | undefined,
  site: URL,
): string | undefined {
  if (status < 300 || status > 399 || !location) return `answers ${status} instead of a redirect`;
  let target: URL;
  try {
    target = new URL(location, site);
  } catch {
    return `redirects to an invalid address ${JSON.stringify(location)}`;
  }
  if (target.protocol !== 'https:') return `redirects to ${location}, not to HTTPS`;
  if (target.hostname !== site.hostname) return `redirects to another host, ${target.hostname}`;
  return undefined;
}

/** A file of the build the check asks the live site for, and the path it is asked for under. */
export interface BuildFile {
  file: string;
  path: string;
  /** Text worth compressing: asked for with brotli, gzip and without, as browsers differ. */
  compressible: boolean;
}

const COMPRESSIBLE = /\.(html|m?js|css|json|svg|xml|txt|webmanifest|map|vcf)$/i;

/**
 * The files a visitor can fetch, from the build's file list (`/`-separated): not the hidden
 * files, `_headers` or the .br/.gz copies (reached by asking for the file with that encoding), not
 * 404.html (checked as the answer to an unknown path); each `index.html` under its folder's path.
 */
export function visitorFiles(files: readonly string[]): BuildFile[] {
  const all = new Set(files);
  return files
    .filter((file) => {
      const name = file.split('/').pop()!;
      if (name.startsWith('.') || file === '_headers' || file === '404.html') return false;
      const original = file.replace(/\.(br|gz)$/, '');
      return original === file || !all.has(original);
    })
    .toSorted()
    .map((file) => ({
      file,
      path: `/${file.replace(/(^|\/)index\.html$/, '$1')}`,
      compressible: COMPRESSIBLE.test(file),
    }));
}

/** Whether a request path is one of Vite's content-hashed files, which the policy caches long. */
export const isHashed = (path: string) => new RegExp(HASHED_ASSET_PATH).test(path);

const originsIn = (html: string) =>
  new Set(
    [...html.matchAll(/\b(?:src|href|action)\s*=\s*["']?((?:https?:)?\/\/[^"'\s>/]+)/gi)].map(
      (match) => match[1]!.replace(/^\/\//, 'https://'),
    ),
  );

/** The origins a live document refers to (`src`, `href`, `action`) that the built one does not. */
export function addedOrigins(live: string, built: string): string[] {
  const before = originsIn(built);
  return [...originsIn(live)].filter((origin) => !before.has(origin));
}

/** The entries that are allowed neither by name nor by prefix. */
export function unnamedStorage(
  entries: readonly string[],
  allowed: { exact: readonly string[]; prefixes: readonly string[] },
): string[] {
  return entries.filter(
    (entry) =>
      !allowed.exact.includes(entry) &&
      !allowed.prefixes.some((prefix) => entry.startsWith(prefix)),
  );
}

/** Days from `now` until `validTo` (a certificate's `valid_to`), rounded down. */
export function daysLeft(validTo: string, now: Date): number {
  return Math.floor((Date.parse(validTo) - now.getTime()) / 86_400_000);
}

/** The days left under which the certificate is a warning. */
export const CERTIFICATE_WARNING_DAYS = 14;

/** What an OpenSSL verification error means for a visitor's browser. */
export function tlsProblem(code: string): Problem {
  if (code === 'CERT_HAS_EXPIRED') return 'tls-expired';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'tls-name';
  return 'tls-untrusted';
}
