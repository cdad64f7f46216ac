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

/** The server files in hosting/ that carry the header policy. */
export const HEADER_FILES = {
  nginxSnippet: 'hosting/nginx/security-headers.conf',
  nginxSite: 'hosting/nginx/site.conf',
  apache: 'hosting/apache/.htaccess',
  apacheVirtualHost: 'hosting/apache/site.conf',
} as const;

const read = (path: string) => readFile(path, 'utf8').catch(() => undefined);

/**
 * Every way the server files in hosting/ disagree with the policy, one line each, naming the file
 * and the header. nginx's site.conf is checked rather than made: its Cache-Control lines must be
 * the policy's two values, the immutable one in the location of the hashed files.
 */
export async function headerFileProblems(
  policy: HeaderPolicy,
  files: Readonly<Record<keyof typeof HEADER_FILES, string>> = HEADER_FILES,
): Promise<string[]> {
  const problems: string[] = [];
  const snippet = await read(files.nginxSnippet);
  if (snippet === undefined) problems.push(`${files.nginxSnippet}: missing`);
  else {
    for (const line of headerDifferences(snippet, nginxSnippet(policy))) {
      problems.push(`${files.nginxSnippet}: ${line}`);
    }
  }

  const apacheFiles = [files.apache, files.apacheVirtualHost];
  const apacheTexts = await Promise.all(apacheFiles.map(read));
  for (const [index, file] of apacheFiles.entries()) {
    const text = apacheTexts[index];
    const block = text === undefined ? undefined : apacheBlockOf(text);
    if (block === undefined) problems.push(`${file}: missing, or without its header block`);
    else {
      for (const line of headerDifferences(block, apacheHeaderBlock(policy))) {
        problems.push(`${file}: ${line}`);
      }
    }
  }

  const site = await read(files.nginxSite);
  if (site === undefined) problems.push(`${files.nginxSite}: missing`);
  else {
    const hashedLocation = new RegExp(
      `location ~ "${HASHED_ASSET_PATH.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" \\{([^}]*)\\}`,
    ).exec(site);
    const immutableLine = `add_header Cache-Control "${policy.cache.hashed}" always;`;
    if (!hashedLocation?.[1]?.includes(immutableLine)) {
      problems.push(
        `${files.nginxSite}: cache-control: the location ~ "${HASHED_ASSET_PATH}" must send "${policy.cache.hashed}"`,
      );
    }
    for (const match of site.matchAll(/add_header Cache-Control "([^"]*)"/g)) {
      if (match[1] !== policy.cache.hashed && match[1] !== policy.cache.other) {
        problems.push(
          `${files.nginxSite}: cache-control: is "${match[1]}", the policy says "${policy.cache.other}"`,
        );
      }
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

/** Rewrites the nginx snippet and the Apache files' header blocks from the policy. */
export async function writeHeaderFiles(policy: HeaderPolicy): Promise<void> {
  await writeFile(HEADER_FILES.nginxSnippet, nginxSnippet(policy));
  await Promise.all(
    [HEADER_FILES.apache, HEADER_FILES.apacheVirtualHost].map(async (file) =>
      writeFile(file, withApacheBlock(await readFile(file, 'utf8'), policy)),
    ),
  );
}
