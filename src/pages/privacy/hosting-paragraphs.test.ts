import { describe, expect, it } from 'vitest';
import { CLOUDFLARE_PAGES, EU_SERVER } from '../../test/hosting-examples';
import { hostingParagraphs } from './hosting-paragraphs';

describe('the hosting paragraphs of the privacy statement', () => {
  it('on a server in the EU: the host, no transfer, the owner-set days, no policy link', () => {
    const server = { ...EU_SERVER, accessLogRetentionDays: 7 };
    expect(hostingParagraphs(server)).toEqual({
      provider: {
        key: 'privacy.hosting.server',
        params: { host: server.name, address: server.address },
      },
      transfer: { key: 'privacy.hosting.transfer.none' },
      retention: { key: 'privacy.hosting.retention', params: { days: 7 } },
      policyUrl: null,
    });
  });

  it("on a US network: the network, the Data Privacy Framework, the provider's own policy", () => {
    expect(hostingParagraphs(CLOUDFLARE_PAGES)).toEqual({
      provider: {
        key: 'privacy.hosting.cdn',
        params: { host: CLOUDFLARE_PAGES.name, address: CLOUDFLARE_PAGES.address },
      },
      transfer: { key: 'privacy.hosting.transfer.dpf' },
      retention: { key: 'privacy.hosting.cdnRetention' },
      policyUrl: CLOUDFLARE_PAGES.privacyPolicyUrl,
    });
  });

  it.each([
    [{ country: 'SI', transferSafeguard: undefined }, 'privacy.hosting.transfer.none'],
    [{ country: 'NO', transferSafeguard: undefined }, 'privacy.hosting.transfer.none'],
    [
      { country: 'CH', transferSafeguard: 'adequacy-decision' },
      'privacy.hosting.transfer.adequacy',
    ],
    [
      { country: 'IN', transferSafeguard: 'standard-contractual-clauses' },
      'privacy.hosting.transfer.scc',
    ],
  ] as const)('on a network seated by %j: %s', (seat, key) => {
    expect(hostingParagraphs({ ...CLOUDFLARE_PAGES, ...seat }).transfer).toEqual({ key });
  });
});
