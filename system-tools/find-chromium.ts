import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { installCommand, systemTool } from './system-tools.ts';

const WHOLE = systemTool('chromium');
const HEADLESS_SHELL = systemTool('chromium-headless-shell');

/**
 * The Chromium the measuring and drawing tools start (benchmarks, screenshots, images): a whole
 * browser, as visitors have. `$CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium`, else a
 * browser Playwright downloaded itself. Throws with a hint otherwise.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  return find(env, [WHOLE.find]);
}

/**
 * The Chromium the tests drive: Debian's headless shell when it is there, which renders with the
 * same engine and draws the same pictures in about half the time (decision 22); else as
 * {@link findChromium}.
 */
export function findTestChromium(env: NodeJS.ProcessEnv = process.env): string {
  return find(env, [HEADLESS_SHELL.find, WHOLE.find]);
}

function find(env: NodeJS.ProcessEnv, paths: readonly string[]): string {
  const override = env.CHROMIUM_PATH;
  if (override) {
    if (existsSync(override)) return override;
    throw new Error(`CHROMIUM_PATH is set to ${override}, but no file is there.`);
  }
  const candidates = [...paths, safely(() => chromium.executablePath())];
  const found = candidates.find((path) => path !== undefined && existsSync(path));
  if (found) return found;
  throw new Error(
    `No Chromium found. Install one (Debian/Ubuntu: \`${installCommand([HEADLESS_SHELL, WHOLE], false)}\`), ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary, or run `npx playwright install chromium`.',
  );
}

function safely(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * How every tool here starts Chromium: no sandbox (containers), no GPU, and none of the background
 * traffic (updates, sync, QUIC probes) that would leave the machine or skew measurements.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
