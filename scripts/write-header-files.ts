import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy, inlineScriptsOf } from '../hosting/content-security-policy.ts';
import { HEADER_FILES, headerFileProblems, writeHeaderFiles } from '../hosting/header-files.ts';
import { headerPolicy } from '../hosting/header-policy.ts';
import { OUT_DIR, STAGING_DIR } from '../site-build/staging-swap.ts';

/**
 * `npm run headers`: rewrites hosting/nginx/security-headers.conf and the header block of
 * hosting/apache/.htaccess from hosting/header-policy.ts, with the Content-Security-Policy the newest
 * built page needs. Run it after a build that stopped because they no longer matched, then build
 * again. That build stopped before it published: its page is in the staging folder, not in dist/.
 */
const builtPage = [STAGING_DIR, OUT_DIR]
  .map((folder) => join(folder, 'index.html'))
  .filter((file) => existsSync(file))
  .toSorted((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!builtPage) throw new Error('No built page: run `npm run build` first.');
const html = readFileSync(builtPage, 'utf8');
const policy = headerPolicy(contentSecurityPolicy(inlineScriptsOf(html)));
const before = await headerFileProblems(policy);
await writeHeaderFiles(policy);
console.log(
  before.length === 0
    ? 'The server files already match the policy.'
    : `Rewrote ${HEADER_FILES.nginxSnippet} and ${HEADER_FILES.apache}:\n  ${before.join('\n  ')}`,
);
const after = await headerFileProblems(policy);
if (after.length > 0) {
  console.error(`Still to fix by hand:\n  ${after.join('\n  ')}`);
  process.exitCode = 1;
}
