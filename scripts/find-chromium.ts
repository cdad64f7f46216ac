import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The browser the end-to-end tests drive: `$CHROMIUM_PATH` if set, else Debian's
 * `/usr/bin/chromium`, else a browser Playwright downloaded itself. Throws with a hint otherwise.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.CHROMIUM_PATH;
  if (override) {
    if (existsSync(override)) return override;
    throw new Error(`CHROMIUM_PATH is set to ${override}, but no file is there.`);
  }
  const candidates = ['/usr/bin/chromium', safely(() => chromium.executablePath())];
  const found = candidates.find((path) => path !== undefined && existsSync(path));
  if (found) return found;
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`), ' +
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
