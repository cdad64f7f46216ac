/**
 * The site's one header policy: the security headers every response carries and how long browsers
 * may keep each file. Every server configuration is made from it, so a change is one edit here.
 */

export interface HeaderPolicy {
  /** Sent on every response, errors included, in this order. */
  security: readonly {
    name: string;
    value: string;
    /** Why the header is there, written above it as comment lines in the server files. */
    why: readonly string[];
    /** HTTPS only: browsers ignore Strict-Transport-Security over HTTP; it would confuse a check. */
    httpsOnly?: boolean;
  }[];
  cache: {
    /** Files Vite named by their content: a new version gets a new name. */
    hashed: string;
    /** Everything else (index.html, translation files, icons, manifest, the 404 page). */
    other: string;
  };
}

/** The content hash Vite writes into a file's name (`index-CSyO93bq.js`), as a pattern. */
export const CONTENT_HASH = '[A-Za-z0-9_-]{8}';

/**
 * A content-hashed file directly in `assets/` (`assets/i18n/*.json` keeps its name, so is revalidated).
 * One pattern for what is cached for a year and what a deploy sends first, so they cannot differ.
 */
export const HASHED_FILE = `assets/[^/]+-${CONTENT_HASH}\\.[A-Za-z0-9]+`;

export const HASHED_ASSET_PATH = `^/${HASHED_FILE}$`;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

// What the site switches off; the header's `why` below says which features may stand here.
export const PERMISSIONS_POLICY_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/** The policy for a page whose Content-Security-Policy is `csp` (see content-security-policy.ts). */
export function headerPolicy(csp: string): HeaderPolicy {
  return {
    security: [
      {
        name: 'Content-Security-Policy',
        value: csp,
        why: [
          'Computed by the build (hosting/content-security-policy.ts): the hash allows the one inline',
          'boot script in index.html.',
        ],
      },
      {
        name: 'Strict-Transport-Security',
        value: 'max-age=31536000; includeSubDomains',
        httpsOnly: true,
        why: [
          'HTTPS only, for a year, subdomains included: browsers that saw it refuse plain HTTP to',
          'the domain and every subdomain for a year. Comment it out while any subdomain lacks HTTPS.',
        ],
      },
      { name: 'X-Content-Type-Options', value: 'nosniff', why: [] },
      { name: 'Referrer-Policy', value: 'strict-origin-when-cross-origin', why: [] },
      {
        name: 'Permissions-Policy',
        value: PERMISSIONS_POLICY_FEATURES.map((feature) => `${feature}=()`).join(', '),
        why: [
          'Nothing the site does not use: no camera, microphone, location, payment, devices,',
          'sensors, no interest-based advertising (interest-cohort, browsing-topics). Only features',
          "Chromium knows: it warns about any other on every page (Chromium 156: 'bluetooth').",
        ],
      },
      { name: 'Cross-Origin-Opener-Policy', value: 'same-origin', why: [] },
      {
        name: 'X-Frame-Options',
        value: 'DENY',
        why: ["For old browsers that ignore the CSP's frame-ancestors."],
      },
    ],
    cache: { hashed: IMMUTABLE, other: REVALIDATE },
  };
}

const GENERATED =
  'Made from hosting/header-policy.ts by `npm run headers`: edit the policy there, not here.';

/** A header value inside a double-quoted server configuration string. */
function quoted(value: string): string {
  if (/["\\\n]/.test(value)) throw new Error(`A header value cannot hold quotes: ${value}`);
  return `"${value}"`;
}

const comments = (lines: readonly string[], indent = '') =>
  lines.map((line) => `${indent}#${line === '' ? '' : ` ${line}`}\n`).join('');

/** hosting/nginx/security-headers.conf */
export function nginxSnippet(policy: HeaderPolicy): string {
  const head = [
    GENERATED,
    '',
    'Security headers for every response of the HTTPS server, errors included (`always`).',
    '',
    'nginx hands `add_header` down to a `location` only when that location sets no header of its',
    'own, so site.conf includes this file in the server block AND in every location that has an',
    "`add_header`. Put this file where site.conf's `include` lines point, e.g.",
    '/etc/nginx/snippets/muster-it-security-headers.conf. Only the HTTPS server includes it, so',
    'Strict-Transport-Security goes out over HTTPS only.',
  ];
  const headers = policy.security.map(
    (header) =>
      `${comments(header.why)}add_header ${header.name} ${quoted(header.value)} always;\n`,
  );
  return `${comments(head)}\n${headers.join('')}`;
}

export const APACHE_BLOCK_BEGIN = '# BEGIN header policy';
export const APACHE_BLOCK_END = '# END header policy';

/** The header block of hosting/apache/.htaccess, marker lines included. */
export function apacheHeaderBlock(policy: HeaderPolicy): string {
  const indent = '    ';
  const lines = policy.security.map((header) => {
    // Over HTTPS, or behind a TLS-terminating proxy that says the visitor came over HTTPS.
    const condition = header.httpsOnly
      ? ` "expr=%{HTTPS} == 'on' || req('X-Forwarded-Proto') == 'https'"`
      : '';
    return `${comments(header.why, indent)}${indent}Header always set ${header.name} ${quoted(header.value)}${condition}\n`;
  });
  // Apache matches the file's path on disk, which ends in the request path (or its .br/.gz).
  const hashedFile = `/${HASHED_FILE}(\\.br|\\.gz)?$`;
  return `${APACHE_BLOCK_BEGIN}: ${GENERATED}
<IfModule mod_headers.c>
${lines.join('')}
${indent}# Caching. Browsers ask again every time (a short 304 while the file's ETag/Last-Modified
${indent}# still match), so index.html and an edited translation file reach visitors at once…
${indent}Header always set Cache-Control ${quoted(policy.cache.other)}
${indent}# …except files Vite named by their content (assets/index-B1a2c3D4.js): a new version gets a
${indent}# new name, so they may be kept for a year without asking.
${indent}<If "%{REQUEST_STATUS} == 200 && %{REQUEST_FILENAME} =~ m#${hashedFile}#">
${indent}${indent}Header always set Cache-Control ${quoted(policy.cache.hashed)}
${indent}</If>
</IfModule>
${APACHE_BLOCK_END}
`;
}

/** One rule of a `_headers` file: the path pattern, then its headers indented. */
const cdnRule = (path: string, headers: readonly (readonly [string, string])[]) =>
  `${path}\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`;

/** `:name` stands for one path segment, `*` for any rest; `/:lang/` is a language's address. */
const REVALIDATED_PATHS =
  '/ /:file /assets/i18n/* /.well-known/* /:lang/ /:lang/index.html /:lang/assets/i18n/*';

/**
 * `dist/_headers` (Cloudflare Pages, Netlify). Both join the values of a header that several rules
 * set, so the Cache-Control rules never overlap; they answer over HTTPS only, hence HSTS everywhere.
 */
export function cdnHeaders(policy: HeaderPolicy): string {
  return [
    `# ${GENERATED.replace('by `npm run headers`', 'by the build')}`,
    '',
    cdnRule('/*', [
      ...policy.security.map((header) => [header.name, header.value] as const),
      // Caches must keep the compressed and plain versions apart; the hosts compress on the fly
      // and do not always say so (workerd does not).
      ['Vary', 'Accept-Encoding'],
    ]),
    '# Files Vite named by their content, directly in /assets/.',
    cdnRule('/assets/:file', [['Cache-Control', policy.cache.hashed]]),
    '# Everything else is revalidated: the page, the translation files, icons, the manifest.',
    ...REVALIDATED_PATHS.split(' ').map((path) =>
      cdnRule(path, [['Cache-Control', policy.cache.other]]),
    ),
  ].join('\n');
}

/** The header lines (`name value`) of a server configuration text, comments ignored. */
function headerLines(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const pattern = /^[ \t]*(?:add_header|Header\s+always\s+set)[ \t]+([\w-]+)[ \t]+(.*?)[ \t]*$/gm;
  for (const match of text.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    // The value with its condition, if any, without nginx's ` always;` and the outer quotes.
    const value = match[2]!.replace(/\s+always;$/, '').replace(/^"|"$/g, '');
    found.set(name, [...(found.get(name) ?? []), value]);
  }
  return found;
}

/**
 * What differs between a server file and what the policy makes of it, one line per header
 * (`Permissions-Policy: is "…", the policy says "…"`); empty when they are the same.
 */
export function headerDifferences(actual: string, expected: string): string[] {
  if (actual === expected) return [];
  const [have, want] = [headerLines(actual), headerLines(expected)];
  const differences = [...new Set([...want.keys(), ...have.keys()])].flatMap((name) => {
    const [is = [], should = []] = [have.get(name), want.get(name)];
    if (is.join('\n') === should.join('\n')) return [];
    const [isText, shouldText] = [is, should].map((values) => JSON.stringify(values.join(' | ')));
    if (should.length === 0) return [`${name}: is not in the policy`];
    if (is.length === 0) return [`${name}: missing, the policy says ${shouldText}`];
    return [`${name}: is ${isText}, the policy says ${shouldText}`];
  });
  return differences.length > 0 ? differences : ['comments or layout differ'];
}

/** The text between (and including) the Apache block's marker lines, or undefined. */
export const apacheBlockOf = (htaccess: string): string | undefined =>
  new RegExp(`${APACHE_BLOCK_BEGIN}[\\s\\S]*?${APACHE_BLOCK_END}[\\s\\S]?`).exec(htaccess)?.[0];

/** `htaccess` with its header block replaced by the policy's. */
export function withApacheBlock(htaccess: string, policy: HeaderPolicy): string {
  const block = apacheBlockOf(htaccess);
  if (block === undefined) {
    throw new Error(
      `The .htaccess lacks the "${APACHE_BLOCK_BEGIN}" … "${APACHE_BLOCK_END}" lines.`,
    );
  }
  return htaccess.replace(block, () => apacheHeaderBlock(policy));
}
