import { describe, expect, it } from 'vitest';
import {
  addressToCheck,
  afterDeployCheck,
  isPlaceholder,
  withoutUserInfo,
} from './after-deploy.ts';

describe('the live check after a deploy', () => {
  const owner = { siteUrl: 'https://www.muster-it.de/', noCheck: false, dryRun: false };

  it('checks siteUrl, or the address given instead', () => {
    expect(afterDeployCheck(owner)).toEqual({ check: true, url: 'https://www.muster-it.de/' });
    expect(afterDeployCheck({ ...owner, checkUrl: 'https://127.0.0.1:8443/' })).toEqual({
      check: true,
      url: 'https://127.0.0.1:8443/',
    });
  });

  it('never fetches the example address, and says why', () => {
    expect(
      ['https://www.example.com/', 'https://example.org/site/', 'https://a.test/'].filter(
        (url) => !isPlaceholder(url),
      ),
    ).toEqual([]);
    expect(isPlaceholder('https://www.example-it.de/')).toBe(false);
    const skipped = afterDeployCheck({ ...owner, siteUrl: 'https://www.example.com/' });
    expect(skipped).toEqual({
      check: false,
      reason: expect.stringMatching(
        /siteUrl .* is still the example's \(https:\/\/www\.example\.com\/\)/,
      ),
    });
  });

  it('npm run check:live takes the address given, else siteUrl unless it is the example', () => {
    expect(addressToCheck(undefined, 'https://www.muster-it.de/')).toEqual({
      url: 'https://www.muster-it.de/',
    });
    expect(addressToCheck('https://127.0.0.1:8443/', 'https://www.example.com/')).toEqual({
      url: 'https://127.0.0.1:8443/',
    });
    expect(addressToCheck(undefined, 'https://www.example.com/')).toEqual({
      reason: expect.stringMatching(/still the example's .* npm run check:live -- https:/),
    });
  });

  it('skips with --no-check and after a dry run', () => {
    expect(afterDeployCheck({ ...owner, noCheck: true })).toEqual({
      check: false,
      reason: '--no-check',
    });
    expect(afterDeployCheck({ ...owner, dryRun: true, checkUrl: 'https://x.de/' }).check).toBe(
      false,
    );
  });

  it('refuses an address with a user name or password, and never prints the secret', () => {
    const withSecret = 'http://owner:secret@127.0.0.1:8080/';
    const after = afterDeployCheck({ ...owner, checkUrl: withSecret });
    expect(after).toEqual({
      check: false,
      reason: expect.stringContaining(
        'http://127.0.0.1:8080/ was given with a user name or password',
      ),
    });
    const live = addressToCheck(withSecret, 'https://www.muster-it.de/');
    expect(live).toEqual({
      reason: expect.stringMatching(/^the address http:\/\/127\.0\.0\.1:8080\//),
    });
    expect(JSON.stringify([after, live])).not.toContain('secret');
    expect(withoutUserInfo(withSecret)).toBe('http://127.0.0.1:8080/');
    expect(withoutUserInfo('not a url://me:pw@x')).not.toContain('pw');
  });
});
