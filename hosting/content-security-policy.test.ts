import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, scriptHashSource } from './content-security-policy.ts';

describe('the Content-Security-Policy', () => {
  it('allows each inline script by its hash, once however often a document repeats it', () => {
    const policy = contentSecurityPolicy(['boot()', 'swap()', 'swap()']);
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scripts).toEqual(["'self'", scriptHashSource('boot()'), scriptHashSource('swap()')]);
  });

  it('allows no inline script at all when a page has none', () => {
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
  });
});
