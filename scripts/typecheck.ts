/** `npm run typecheck`: TypeScript's build mode over the app and the tools, each mistake shown once. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { withoutRepeats } from '../site-build/type-errors.ts';

const tsc = join(import.meta.dirname, '../node_modules/typescript-native/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-b', '--pretty', 'false'], { encoding: 'utf8' });
process.stdout.write(withoutRepeats(result.stdout));
process.stderr.write(result.stderr);
process.exitCode = result.status ?? 1;
