/**
 * The live check itself: asks the site for what the build in `dist` holds and judges the
 * answers. It only reads: GET requests, a bounded number at a time and in all.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { MANIFEST_NAME } from '../plan.ts';
import { contentSecurityPolicy, inlineScriptsOf } from '../../hosting/content-security-policy.ts';
import { headerPolicy, type HeaderPolicy } from '../../hosting/header-policy.ts';
import {
  addedOrigins,
  CERTIFICATE_WARNING_DAYS,
  cookieNames,
  daysLeft,
  failed,
  headerProblems,
  hostKind,
  hstsProblems,
  isHashed,
  pass,
  redirectProblem,
  tlsProblem,
  visitorFiles,
  type AnswerKind,
  type CheckResult,
  type HostKind,
} from './check-live.ts';
import { createClient, fetchCertificate, LimitReached, type Answer, type Client } from './http.ts';

export interface LiveCheckOptions {
  /** The site's address, e.g. `https://www.example.com/` (a sub-folder works too). */
  url: string;
  /** The plain-HTTP address that must redirect; else the same host on port 80. */
  httpUrl?: string;
  /** The build to compare with. */
  dist: string;
  concurrency?: number;
  maxRequests?: number;
  now?: Date;
  /** The pages in a browser, given the site and the build; none to leave them out. */
  browser?: (site: URL, dist: string) => Promise<CheckResult[]>;
}

export interface LiveCheckReport {
  results: CheckResult[];
  host: HostKind;
  requests: number;
}

/** As a browser asks: brotli and gzip, gzip alone, and neither (identity). */
const ENCODINGS = ['br, gzip', 'gzip', undefined] as const;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function buildFileList(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The header policy for the build's index.html, as the build computed it. */
export async function buildPolicy(dist: string): Promise<HeaderPolicy> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  return headerPolicy(contentSecurityPolicy(inlineScriptsOf(html)));
}

export async function checkLive(options: LiveCheckOptions): Promise<LiveCheckReport> {
  const site = new URL(options.url);
  if (!site.pathname.endsWith('/')) site.pathname += '/';
  const now = options.now ?? new Date();
  const results: CheckResult[] = [];
  const policy = await buildPolicy(options.dist);

  // TLS first: it decides whether the rest may go on over a certificate nobody trusts.
  let insecure = false;
  if (site.protocol !== 'https:') {
    results.push(failed('TLS certificate', 'plain-http', [`${site.origin} is not HTTPS`]));
  } else {
    try {
      const certificate = await fetchCertificate(site);
      const days = daysLeft(certificate.validTo, now);
      if (!certificate.authorized) {
        insecure = true;
        const problem = tlsProblem(certificate.error ?? '');
        const what =
          problem === 'tls-expired'
            ? `expired on ${certificate.validTo}`
            : problem === 'tls-name'
              ? `not valid for ${site.hostname}`
              : 'untrusted: no certificate authority this machine trusts signed it';
        results.push(failed('TLS certificate', problem, [`${what} (${certificate.error})`]));
      } else if (days < CERTIFICATE_WARNING_DAYS) {
        results.push(
          failed('TLS certificate', 'tls-expiring', [`trusted, but ${days} days left`], 'warn'),
        );
      } else {
        results.push(pass('TLS certificate', `trusted, ${days} days left`));
      }
    } catch (error) {
      results.push(failed('Reachable', 'unreachable', [`${site.origin}: ${describe(error)}`]));
      return { results, host: 'unknown', requests: 0 };
    }
  }

  const client = createClient({
    concurrency: options.concurrency ?? 6,
    maxRequests: options.maxRequests ?? 400,
    insecure,
  });
  let host: HostKind = 'unknown';
  try {
    const first = await client.get(site.href).catch((error: unknown) => {
      results.push(failed('Reachable', 'unreachable', [`${site.href}: ${describe(error)}`]));
      return undefined;
    });
    if (!first) return { results, host, requests: client.requests() };
    // Another address answers for this one: the owner means that one, and everything would differ.
    const moved = first.header('location');
    if (first.status >= 300 && first.status < 400 && moved) {
      const target = new URL(moved, site).href;
      results.push(
        failed('Reachable', 'unreachable', [
          `${site.href} redirects to ${target}: check that address instead`,
        ]),
      );
      return { results, host, requests: client.requests() };
    }
    host = hostKind(first.header('server'));
    results.push(...(await checkRedirect(client, site, options.httpUrl)));
    results.push(...(await checkHeaders(client, site, policy, options.dist)));
    results.push(...(await checkFiles(client, site, options.dist)));
  } catch (error) {
    if (!(error instanceof LimitReached)) throw error;
    results.push(failed('Request limit', 'too-many-requests', [`stopped at ${describe(error)}`]));
  } finally {
    client.close();
  }
  const cookies = client.cookies;
  results.push(
    cookies.length === 0
      ? pass('No cookies', `none on ${client.requests()} answers`)
      : failed('No cookies', 'cookie', [
          ...new Set(
            cookies.map(
              ({ url, value }) => `${cookieNames([value])[0]} set by ${new URL(url).pathname}`,
            ),
          ),
        ]),
  );
  if (options.browser) results.push(...(await options.browser(site, options.dist)));
  return { results, host, requests: client.requests() };
}

async function checkRedirect(client: Client, site: URL, httpUrl?: string): Promise<CheckResult[]> {
  if (site.protocol !== 'https:') return [];
  const plain = new URL(httpUrl ?? `http://${site.host.replace(/:\d+$/, '')}/`);
  plain.pathname = site.pathname;
  try {
    const answer = await client.get(plain.href);
    const problem = redirectProblem(answer.status, answer.header('location'), site);
    return [
      problem
        ? failed('HTTP redirects to HTTPS', 'no-redirect', [`${plain.href} ${problem}`])
        : pass('HTTP redirects to HTTPS', `${plain.href} → ${answer.header('location')}`),
    ];
  } catch (error) {
    if (error instanceof LimitReached) throw error;
    return [
      failed('HTTP redirects to HTTPS', 'no-redirect', [`${plain.href}: ${describe(error)}`]),
    ];
  }
}

async function checkHeaders(
  client: Client,
  site: URL,
  policy: HeaderPolicy,
  dist: string,
): Promise<CheckResult[]> {
  const files = visitorFiles(await buildFileList(dist));
  const hashed = files.find((file) => isHashed(file.path) && file.path.endsWith('.js'));
  const samples: [AnswerKind, string][] = [
    ['document', ''],
    ['hashed', hashed?.path.slice(1) ?? ''],
    ['translation', 'assets/i18n/de.json'],
    ['not-found', 'check-live-not-a-file'],
  ];
  const answers = await Promise.all(
    samples.map(([, path]) =>
      client.get(new URL(path, site).href, { 'accept-encoding': 'br, gzip' }),
    ),
  );
  const results: CheckResult[] = [];
  const headerFindings: string[] = [];
  const cacheFindings: string[] = [];
  samples.forEach(([kind, path], index) => {
    const answer = answers[index]!;
    const found = headerProblems(answer.headers, policy, kind);
    headerFindings.push(...found.headers.map((line) => `/${path} (${kind}): ${line}`));
    cacheFindings.push(...found.cache.map((line) => `/${path} (${kind}): ${line}`));
  });
  results.push(
    headerFindings.length === 0
      ? pass(
          'Security headers',
          'as the policy says on a document, a hashed file, a translation, a 404',
        )
      : failed('Security headers', 'headers', headerFindings),
    cacheFindings.length === 0
      ? pass('Cache rules', 'as the policy says')
      : failed('Cache rules', 'cache', cacheFindings),
  );
  const hsts = hstsProblems(answers[0]!.headers, policy);
  results.push(
    hsts.length === 0 ? pass('HSTS', 'as the policy says') : failed('HSTS', 'no-hsts', hsts),
  );

  const notFound = answers[3]!;
  const page = await readFile(join(dist, '404.html'));
  const notFoundProblems = [
    ...(notFound.status === 404
      ? []
      : [`/check-live-not-a-file answers ${notFound.status}, not 404`]),
    ...(notFound.body?.equals(page) ? [] : ["its page is not the build's 404.html"]),
  ];
  results.push(
    notFoundProblems.length === 0
      ? pass('404 page', "404 with the build's 404.html")
      : failed('404 page', 'not-found', notFoundProblems),
  );

  const hidden = await Promise.all(
    [MANIFEST_NAME, '.htaccess'].map(async (name) => ({
      name,
      answer: await client.get(new URL(name, site).href),
    })),
  );
  const served = hidden.filter(({ answer }) => answer.status < 400);
  results.push(
    served.length === 0
      ? pass('Hidden files refused', `${MANIFEST_NAME} and .htaccess are not served`)
      : failed(
          'Hidden files refused',
          'hidden-served',
          served.map(({ name, answer }) => `/${name} answers ${answer.status}`),
        ),
  );
  return results;
}

async function checkFiles(client: Client, site: URL, dist: string): Promise<CheckResult[]> {
  const files = visitorFiles(await buildFileList(dist));
  const findings: string[] = [];
  let asked = 0;
  await Promise.all(
    files.map(async (file) => {
      const built = await readFile(join(dist, file.file));
      const encodings = file.compressible ? ENCODINGS : (['br, gzip'] as const);
      const answers: [string | undefined, Answer][] = await Promise.all(
        encodings.map(async (encoding) => {
          asked++;
          const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
          return [encoding, await client.get(new URL(file.path.slice(1), site).href, headers)] as [
            string | undefined,
            Answer,
          ];
        }),
      );
      const problems = new Set<string>();
      for (const [accepted, answer] of answers) {
        const offered = accepted?.split(/,\s*/) ?? [];
        if (answer.status === 404) problems.add('missing (404)');
        else if (answer.status !== 200) problems.add(`answers ${answer.status}`);
        else if (
          answer.encoding &&
          answer.encoding !== 'identity' &&
          !offered.includes(answer.encoding === 'x-gzip' ? 'gzip' : answer.encoding)
        ) {
          problems.add(
            `sent as ${answer.encoding} though only ${accepted ?? 'identity'} was accepted`,
          );
        } else if (!answer.body) problems.add(`its ${answer.encoding} copy does not decode`);
        else if (!answer.body.equals(built)) {
          const as = answer.encoding ?? 'identity';
          const added =
            file.path.endsWith('/') || file.file.endsWith('.html')
              ? addedOrigins(answer.body.toString('utf8'), built.toString('utf8'))
              : [];
          problems.add(
            `differs from the build (stale) as ${as}${added.length ? `; refers to ${added.join(', ')}` : ''}`,
          );
        }
      }
      for (const problem of problems) findings.push(`${file.path}: ${problem}`);
    }),
  );
  findings.sort();
  return [
    findings.length === 0
      ? pass('Files of the build', `${files.length} files, byte for byte in ${asked} answers`)
      : failed('Files of the build', 'files', findings),
  ];
}
