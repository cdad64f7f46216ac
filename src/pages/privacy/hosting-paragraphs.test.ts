import { describe, expect, it } from 'vitest';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  MICROSOFT_365,
  OWN_SERVER,
  SWISS_MAILBOX,
} from '../../test/hosting-examples.ts';
import { hostingParagraphs, transferParagraph } from './hosting-paragraphs.ts';

const NONE = { key: 'privacy.transfer.none' };

describe('the hosting and mail paragraphs of the privacy statement', () => {
  it('on a rented server in the EU: the host as processor, no transfer, the days, the incident', () => {
    const hosting = { ...EU_SERVER, accessLogRetentionDays: 7 };
    expect(hostingParagraphs({ hosting, mailProvider: EU_MAILBOX })).toEqual({
      provider: {
        key: 'privacy.hosting.server',
        params: { host: hosting.name, address: hosting.address, country: 'DE' },
      },
      processor: true,
      transfer: NONE,
      retention: { key: 'privacy.hosting.retention', params: { days: 7 } },
      policyUrl: null,
      incident: true,
      mail: {
        key: 'privacy.contact.mail',
        params: { provider: EU_MAILBOX.name, address: EU_MAILBOX.address, country: 'DE' },
      },
      mailTransfer: NONE,
    });
  });

  it('on a server of our own: no provider, no processor, where it stands, the incident', () => {
    const paragraphs = hostingParagraphs({ hosting: OWN_SERVER, mailProvider: EU_MAILBOX });
    expect(paragraphs).toMatchObject({
      provider: { key: 'privacy.hosting.ownServer', params: { country: 'AT' } },
      processor: false,
      transfer: NONE,
      retention: { key: 'privacy.hosting.retention', params: { days: 7 } },
      policyUrl: null,
      incident: true,
    });
  });

  it('on a US network: its processor sentence, the DPF, its stated days and policy, no incident', () => {
    expect(
      hostingParagraphs({ hosting: CLOUDFLARE_PAGES, mailProvider: EU_MAILBOX }),
    ).toMatchObject({
      provider: {
        key: 'privacy.hosting.cdn',
        params: { host: CLOUDFLARE_PAGES.name, address: CLOUDFLARE_PAGES.address, country: 'US' },
      },
      processor: true,
      transfer: { key: 'privacy.transfer.dpf' },
      retention: { key: 'privacy.hosting.retention', params: { days: 30 } },
      policyUrl: CLOUDFLARE_PAGES.privacyPolicyUrl,
      incident: false,
    });
  });

  it.each([
    [
      'a Swiss mailbox',
      SWISS_MAILBOX,
      { key: 'privacy.transfer.adequacy', params: { country: 'CH' } },
    ],
    ['Microsoft 365 through Ireland', MICROSOFT_365, { key: 'privacy.transfer.dpf' }],
  ] as const)(
    'with %s: the same transfer sentences as for the logs',
    (_what, mailbox, expected) => {
      const { mail, mailTransfer } = hostingParagraphs({
        hosting: EU_SERVER,
        mailProvider: mailbox,
      });
      expect(mailTransfer).toEqual(expected);
      expect(mailTransfer).toEqual(transferParagraph(mailbox));
      expect(mail.params).toEqual({
        provider: mailbox.name,
        address: mailbox.address,
        country: mailbox.country,
      });
    },
  );

  it.each([
    [{ country: 'SI' }, NONE],
    [{ country: 'NO' }, NONE],
    [
      { country: 'CH', transferSafeguard: 'adequacy-decision' },
      { key: 'privacy.transfer.adequacy', params: { country: 'CH' } },
    ],
    [
      { country: 'IN', transferSafeguard: 'standard-contractual-clauses' },
      { key: 'privacy.transfer.scc', params: { country: 'IN' } },
    ],
    [
      { country: 'DE', transferCountry: 'IN', transferSafeguard: 'standard-contractual-clauses' },
      { key: 'privacy.transfer.scc', params: { country: 'IN' } },
    ],
  ] as const)('a processor seated by %j: %j', (seat, expected) => {
    expect(transferParagraph(seat)).toEqual(expected);
  });
});
