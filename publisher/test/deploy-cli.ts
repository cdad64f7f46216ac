import { execFile, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { REPO_ROOT } from '../../testing/servers.ts';

/**
 * `npm run deploy -- --no-build --no-check …` as the owner runs it, for the deploy tests (the live
 * check is another test's); through Node with tsx's loader, which is what the script runs, unless `npm`.
 */

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runDeploy(
  args: string[],
  env: Record<string, string | undefined>,
  { npm = false } = {},
): { done: Promise<Run>; child: ChildProcess } {
  const [file, start] = npm
    ? ['npm', ['run', '--silent', 'deploy', '--']]
    : // One process, so that a signal reaches the deploy itself and not a relay in between.
      [process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/deploy.ts')]];
  let child: ChildProcess | undefined;
  const done = new Promise<Run>((resolve) => {
    child = execFile(
      file as string,
      [...(start as string[]), '--no-build', '--no-check', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  return { done, child: child! };
}

/** A failed run's message: one line, and exit code 1. */
export function oneLine(result: Run): string {
  expect(result.code, result.stdout + result.stderr).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  return result.stderr;
}
