import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureSystemTools } from '../system-tools/system-tools.ts';

/** The first step of `npm test`: every system tool its stages need, installed if it can be. */
process.exitCode = ensureSystemTools({
  env: process.env,
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  run: (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1,
  log: (text) => console.error(text),
});
