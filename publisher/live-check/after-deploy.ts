/**
 * The live check at the end of `npm run deploy`: against `siteUrl`, or the address given, unless
 * asked not to, nothing was published, or the address is still a placeholder that must never be
 * fetched.
 */

/** Names reserved for examples (RFC 2606): the placeholder `siteUrl` the project ships with. */
export function isPlaceholder(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    /(^|\.)example\.(com|net|org)$/.test(host) || /\.(example|invalid|test|localhost)$/.test(host)
  );
}

/** The address without a user name or password, as it may be printed. */
export function withoutUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url.replace(/\/\/[^/@\s]*@/, '//');
  }
}

/**
 * Why an address with a user name or password is not checked: it would be printed, and a browser
 * refuses such an address.
 */
function credentialsRefused(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!parsed.username && !parsed.password) return undefined;
  return (
    `the address ${withoutUserInfo(url)} was given with a user name or password, which the ` +
    'live check does not take (it would be printed and put in a browser address); give the ' +
    'address without them, and check a site behind a password by hand'
  );
}

/**
 * The address `npm run check:live` checks: the one given, else `siteUrl` unless that is still the
 * placeholder, which is never fetched.
 */
export function addressToCheck(
  given: string | undefined,
  siteUrl: string,
): { url: string } | { reason: string } {
  if (given) {
    const refused = credentialsRefused(given);
    return refused ? { reason: `${refused}.` } : { url: given };
  }
  if (isPlaceholder(siteUrl)) {
    return {
      reason:
        `siteUrl in src/content/business.ts is still the example's (${siteUrl}): ` +
        'set it, or name the address: npm run check:live -- https://…/',
    };
  }
  return { url: siteUrl };
}

export type AfterDeploy = { check: true; url: string } | { check: false; reason: string };

export function afterDeployCheck(options: {
  siteUrl: string;
  checkUrl?: string;
  noCheck: boolean;
  dryRun: boolean;
}): AfterDeploy {
  if (options.noCheck) return { check: false, reason: '--no-check' };
  if (options.dryRun) return { check: false, reason: 'a dry run publishes nothing' };
  if (options.checkUrl) {
    const refused = credentialsRefused(options.checkUrl);
    return refused ? { check: false, reason: refused } : { check: true, url: options.checkUrl };
  }
  if (isPlaceholder(options.siteUrl)) {
    return {
      check: false,
      reason:
        `siteUrl in src/content/business.ts is still the example's (${options.siteUrl}); ` +
        "set it to the site's address and every deploy checks the live site",
    };
  }
  return { check: true, url: options.siteUrl };
}

/**
 * Runs the check and prints its table; 0 when the live site matches, 1 when it differs or cannot
 * be reached, with the one line the owner must not miss.
 */
export async function checkAfterDeploy(options: {
  siteUrl: string;
  checkUrl?: string;
  noCheck: boolean;
  dryRun: boolean;
  source: string;
}): Promise<number> {
  const decision = afterDeployCheck(options);
  if (!decision.check) {
    console.log(`The live site was not checked: ${decision.reason}.`);
    return 0;
  }
  // Loaded only here: the browser library is not needed to publish.
  const [{ checkLive }, { checkPages }, { exitCode, formatTable }] = await Promise.all([
    import('./site.ts'),
    import('./browser.ts'),
    import('./check-live.ts'),
  ]);
  console.log(`\nChecking ${decision.url} against ${options.source}/ …\n`);
  const report = await checkLive({
    url: decision.url,
    httpUrl: process.env.CHECK_LIVE_HTTP_URL || undefined,
    dist: options.source,
    browser: checkPages,
  });
  process.stdout.write(formatTable(report.results, report.host));
  const code = exitCode(report.results);
  if (code === 0) return 0;
  console.error(
    code === 2
      ? `Published, but the live site could not be reached at ${decision.url} to check it.`
      : 'Published, but the live site differs from the build: see the table above.',
  );
  return 1;
}
