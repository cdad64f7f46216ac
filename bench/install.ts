import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Lighthouse benchmark's own tools (Lighthouse and chrome-launcher, about 200 packages that
 * nothing else uses) are declared in bench/package.json and kept out of the project's `npm ci`.
 * The bench installs them into bench/node_modules on its first run, and again whenever
 * bench/package-lock.json changes (a stamp in node_modules remembers which lockfile it installed).
 */
const folder = import.meta.dirname;
const stamp = join(folder, 'node_modules', '.installed-lockfile-sha256');

export function installBenchTools(): void {
  const wanted = createHash('sha256')
    .update(readFileSync(join(folder, 'package-lock.json')))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.error(
    `Installing the benchmark's own tools (bench/package.json) into ${folder}/node_modules…`,
  );
  // npm's messages go to stderr, with the bench's progress; stdout keeps only the results.
  const install = spawnSync('npm', ['ci', '--prefix', folder, '--no-audit', '--no-fund'], {
    stdio: ['ignore', 2, 2],
  });
  if (install.status !== 0) {
    throw new Error(`npm ci --prefix ${folder} failed (exit ${install.status ?? install.signal})`);
  }
  writeFileSync(stamp, wanted);
}

// `tsx bench/install.ts` installs them alone (npm run typecheck:bench needs their types).
if (process.argv[1] === fileURLToPath(import.meta.url)) installBenchTools();
