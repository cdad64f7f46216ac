import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy, inlineScriptsOf } from '../hosting/content-security-policy.ts';
import { HEADER_FILES, headerFileProblems, writeHeaderFiles } from '../hosting/header-files.ts';
import { headerPolicy } from '../hosting/header-policy.ts';
import { OUT_DIR, STAGING_DIR } from '../site-build/staging-swap.ts';

/**
 * `npm run headers`: rewrites the server files from the header policy, with the CSP the newest
 * built page needs. A build that stopped because they no longer matched left its page in the
 * staging folder, not in dist/, so the newer of the two is read.
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
