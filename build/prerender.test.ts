import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPolicyFiles } from './prerender.ts';

const policy = "default-src 'self'; script-src 'self' 'sha256-abc='";

async function files(contents: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'policy-'));
  return Promise.all(
    Object.entries(contents).map(async ([name, text]) => {
      const path = join(dir, name);
      await writeFile(path, text);
      return path;
    }),
  );
}

describe('checkPolicyFiles', () => {
  it('passes when every server configuration sends the policy the build needs', async () => {
    const paths = await files({
      'nginx.conf': `add_header Content-Security-Policy "${policy}" always;`,
      '.htaccess': `Header always set Content-Security-Policy "${policy}"`,
    });
    await expect(checkPolicyFiles(policy, paths)).resolves.toBeUndefined();
  });

  it('fails naming the stale file and giving the exact policy to set', async () => {
    const paths = await files({
      'fresh.conf': policy,
      'stale.conf': "script-src 'self' 'sha256-old='",
    });
    const check = checkPolicyFiles(policy, paths);
    await expect(check).rejects.toThrow(/stale\.conf does not match/);
    await expect(check).rejects.toThrow(policy);
    await expect(check).rejects.not.toThrow(/fresh\.conf/);
  });

  it('fails when a server configuration is missing', async () => {
    await expect(checkPolicyFiles(policy, ['deploy/no-such-file.conf'])).rejects.toThrow(
      /no-such-file\.conf/,
    );
  });
});
