import { describe, expect, it } from 'vitest';
import type { Business } from '../../content/business-schema';
import { hostingParagraphs } from './hosting-paragraphs';

const cloudflare: Business['hosting'] = {
  kind: 'cdn',
  name: 'Cloudflare, Inc.',
  address: '101 Townsend St, San Francisco, CA 94107, USA',
  country: 'US',
  transferSafeguard: 'eu-us-data-privacy-framework',
  privacyPolicyUrl: 'https://www.cloudflare.com/privacypolicy/',
};

describe('the hosting paragraphs of the privacy statement', () => {
  it('on a server in the EU: the host, no transfer, the owner-set days, no policy link', () => {
    const server: Business['hosting'] = {
      kind: 'server',
      name: 'Beispiel Hosting GmbH',
      address: 'Serverstraße 7, 54321 Beispielstadt, Deutschland',
      accessLogRetentionDays: 7,
    };
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
    expect(hostingParagraphs(cloudflare)).toEqual({
      provider: {
        key: 'privacy.hosting.cdn',
        params: { host: cloudflare.name, address: cloudflare.address },
      },
      transfer: { key: 'privacy.hosting.transfer.dpf' },
      retention: { key: 'privacy.hosting.cdnRetention' },
      policyUrl: cloudflare.privacyPolicyUrl,
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
    expect(hostingParagraphs({ ...cloudflare, ...seat }).transfer).toEqual({ key });
  });
});
