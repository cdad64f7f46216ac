import { readFileSync } from 'node:fs';
import { contentSecurityPolicy, inlineScriptsOf } from '../build/content-security-policy.ts';
import { HEADER_FILES, headerFileProblems, writeHeaderFiles } from '../build/header-files.ts';
import { headerPolicy } from '../build/header-policy.ts';

/**
 * `npm run headers`: rewrites deploy/nginx/security-headers.conf and the header block of
 * deploy/apache/.htaccess from build/header-policy.ts, with the Content-Security-Policy the page in
 * dist/ needs. Run it after a build that stopped because they no longer matched, then build again.
 */
const html = readFileSync('dist/index.html', 'utf8');
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
