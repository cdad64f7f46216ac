import { readFile, writeFile } from 'node:fs/promises';
import {
  apacheBlockOf,
  apacheHeaderBlock,
  HASHED_ASSET_PATH,
  headerDifferences,
  nginxSnippet,
  withApacheBlock,
  type HeaderPolicy,
} from './header-policy.ts';

export const HEADER_FILES = {
  nginxSnippet: 'hosting/nginx/security-headers.conf',
  nginxSite: 'hosting/nginx/site.conf',
  apache: 'hosting/apache/.htaccess',
  apacheVirtualHost: 'hosting/apache/site.conf',
} as const;

const read = (path: string) => readFile(path, 'utf8').catch(() => undefined);
const differences = (file: string, actual: string, expected: string) =>
  headerDifferences(actual, expected).map((line) => `${file}: ${line}`);

/**
 * Every way the server files disagree with the policy, one line each, naming file and header.
 * nginx's site.conf is checked rather than made: it only picks which Cache-Control a location sends.
 */
export async function headerFileProblems(
  policy: HeaderPolicy,
  files: Readonly<Record<keyof typeof HEADER_FILES, string>> = HEADER_FILES,
): Promise<string[]> {
  const [snippet, site, ...apacheTexts] = await Promise.all(
    [files.nginxSnippet, files.nginxSite, files.apache, files.apacheVirtualHost].map(read),
  );
  const problems =
    snippet === undefined
      ? [`${files.nginxSnippet}: missing`]
      : differences(files.nginxSnippet, snippet, nginxSnippet(policy));
  for (const [index, file] of [files.apache, files.apacheVirtualHost].entries()) {
    const text = apacheTexts[index];
    const block = text === undefined ? undefined : apacheBlockOf(text);
    if (block === undefined) problems.push(`${file}: missing, or without its header block`);
    else problems.push(...differences(file, block, apacheHeaderBlock(policy)));
  }

  if (site === undefined) return [...problems, `${files.nginxSite}: missing`];
  const hashedLocation = site.split(`location ~ "${HASHED_ASSET_PATH}" {`)[1]?.split('}')[0];
  if (!hashedLocation?.includes(`add_header Cache-Control "${policy.cache.hashed}" always;`)) {
    problems.push(
      `${files.nginxSite}: cache-control: the location ~ "${HASHED_ASSET_PATH}" must send "${policy.cache.hashed}"`,
    );
  }
  for (const [, value] of site.matchAll(/add_header Cache-Control "([^"]*)"/g)) {
    if (value !== policy.cache.hashed && value !== policy.cache.other) {
      problems.push(
        `${files.nginxSite}: cache-control: is "${value}", the policy says "${policy.cache.other}"`,
      );
    }
  }
  return problems;
}

/** Stops the build when a server file in hosting/ no longer sends what the policy says. */
export async function checkHeaderFiles(policy: HeaderPolicy): Promise<void> {
  const problems = await headerFileProblems(policy);
  if (problems.length > 0) {
    throw new Error(
      `The server configurations in hosting/ do not match hosting/header-policy.ts:\n  ` +
        `${problems.join('\n  ')}\n` +
        'Run `npm run headers` to rewrite them from the policy (it reads the page this build ' +
        'wrote to dist/), then build again.',
    );
  }
}

export async function writeHeaderFiles(policy: HeaderPolicy): Promise<void> {
  await writeFile(HEADER_FILES.nginxSnippet, nginxSnippet(policy));
  await Promise.all(
    [HEADER_FILES.apache, HEADER_FILES.apacheVirtualHost].map(async (file) =>
      writeFile(file, withApacheBlock(await readFile(file, 'utf8'), policy)),
    ),
  );
}
