import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishBuild } from './staging-swap.ts';

/** A folder holding `files`, each with its name as content. */
function folder(path: string, files: string[]) {
  mkdirSync(path, { recursive: true });
  for (const file of files) writeFileSync(join(path, file), file);
}

describe('publishBuild', () => {
  it('puts the finished build in the place of the previous one, which goes entirely', async () => {
    const root = mkdtempSync(join(tmpdir(), 'publish-'));
    folder(join(root, 'dist'), ['index.html', 'old.js']);
    folder(join(root, 'staging'), ['index.html', 'new.js']);
    await publishBuild(join(root, 'staging'), join(root, 'dist'), join(root, 'previous'));
    expect(readdirSync(join(root, 'dist')).toSorted()).toEqual(['index.html', 'new.js']);
    expect(existsSync(join(root, 'staging'))).toBe(false);
    expect(existsSync(join(root, 'previous'))).toBe(false);
  });

  it('publishes a first build, when there is no dist/ yet', async () => {
    const root = mkdtempSync(join(tmpdir(), 'publish-'));
    folder(join(root, 'staging'), ['index.html']);
    await publishBuild(join(root, 'staging'), join(root, 'dist'), join(root, 'previous'));
    expect(readdirSync(join(root, 'dist'))).toEqual(['index.html']);
  });

  it('leaves dist/ as it was when there is nothing to publish', async () => {
    const root = mkdtempSync(join(tmpdir(), 'publish-'));
    folder(join(root, 'dist'), ['index.html']);
    await expect(
      publishBuild(join(root, 'staging'), join(root, 'dist'), join(root, 'previous')),
    ).rejects.toThrow(/Nothing to publish/);
    expect(readdirSync(join(root, 'dist'))).toEqual(['index.html']);
  });
});
