import { describe, expect, it } from 'vitest';
import {
  CLOUDFLARE_PAGES,
  EU_MAILBOX,
  EU_SERVER,
  MICROSOFT_365,
  OWN_SERVER,
  SWISS_MAILBOX,
  SWISS_MAILBOX_TO_UK,
  SWISS_MAILBOX_TO_US,
} from '../../test/hosting-examples.ts';
import { hostingParagraphs, transferSentences } from './hosting-paragraphs.ts';

const NONE_LOGS = [{ key: 'privacy.transfer.noneLogs' }];
const NONE_MAIL = [{ key: 'privacy.transfer.noneMail' }];
const DPF = { key: 'privacy.transfer.dpf' };
const ADEQUACY = { key: 'privacy.transfer.adequacy' };
const SCC = { key: 'privacy.transfer.scc' };
const SWISS_SCC = { key: 'privacy.transfer.swissScc' };
const SWISS_ADEQUACY = { key: 'privacy.transfer.swissAdequacy' };
const edges = (provider: string) => ({ key: 'privacy.transfer.edges', params: { provider } });
const seat = (provider: string, country: string) => ({
  key: 'privacy.transfer.seat',
  params: { provider, country },
});
const onward = (provider: string, country: string, also = true) => ({
  key: also ? 'privacy.transfer.onwardAlso' : 'privacy.transfer.onward',
  params: { provider, country },
});

const CF = CLOUDFLARE_PAGES.name;

describe('the hosting and mail paragraphs of the privacy statement', () => {
  it('on a rented server in the EU: the host as processor, no transfer, the days, the incident', () => {
    const hosting = { ...EU_SERVER, accessLogRetentionDays: 7 };
    expect(hostingParagraphs({ legalForm: 'GmbH', hosting, mailProvider: EU_MAILBOX })).toEqual({
      provider: {
        key: 'privacy.hosting.server',
        params: { host: hosting.name, address: hosting.address, country: 'DE' },
      },
      processor: 'privacy.hosting.processor',
      transfer: NONE_LOGS,
      retention: { key: 'privacy.hosting.retention', params: { days: 7 } },
      policyUrl: null,
      incident: true,
      ownPurposes: false,
      mail: {
        key: 'privacy.contact.mail',
        params: { provider: EU_MAILBOX.name, address: EU_MAILBOX.address, country: 'DE' },
      },
      mailTransfer: NONE_MAIL,
      letters: 'privacy.contact.retention',
    });
  });

  it.each([
    ['GmbH', 'privacy.contact.retention'],
    ['UG (haftungsbeschränkt)', 'privacy.contact.retention'],
    ['GmbH & Co. KG', 'privacy.contact.retention'],
    ['KG', 'privacy.contact.retention'],
    ['OHG', 'privacy.contact.retention'],
    ['e.K.', 'privacy.contact.retention'],
    ['GbR', 'privacy.contact.retentionTax'],
    ['eGbR', 'privacy.contact.retentionTax'],
    ['PartG', 'privacy.contact.retentionTax'],
    ['Einzelunternehmen', 'privacy.contact.retentionTax'],
  ])('keeps the letters of a %s under the law that binds it: %s', (legalForm, key) => {
    expect(
      hostingParagraphs({ legalForm, hosting: EU_SERVER, mailProvider: EU_MAILBOX }).letters,
    ).toBe(key);
  });

  it('on a server of our own: no provider, no processor, where it stands, the incident', () => {
    const paragraphs = hostingParagraphs({
      legalForm: 'GmbH',
      hosting: OWN_SERVER,
      mailProvider: EU_MAILBOX,
    });
    expect(paragraphs).toMatchObject({
      provider: { key: 'privacy.hosting.ownServer', params: { country: 'AT' } },
      processor: null,
      transfer: NONE_LOGS,
      retention: { key: 'privacy.hosting.retention', params: { days: 7 } },
      policyUrl: null,
      incident: true,
      ownPurposes: false,
    });
  });

  it('after one day: the singular', () => {
    const hosting = { ...EU_SERVER, accessLogRetentionDays: 1 };
    expect(
      hostingParagraphs({ legalForm: 'GmbH', hosting, mailProvider: EU_MAILBOX }).retention,
    ).toEqual({
      key: 'privacy.hosting.retentionOneDay',
      params: { days: 1 },
    });
  });

  it('on a US network: processor as far as it acts for us, each country with its ground, its days and policy, no incident', () => {
    expect(
      hostingParagraphs({ legalForm: 'GmbH', hosting: CLOUDFLARE_PAGES, mailProvider: EU_MAILBOX }),
    ).toMatchObject({
      provider: {
        key: 'privacy.hosting.cdn',
        params: { host: CLOUDFLARE_PAGES.name, address: CLOUDFLARE_PAGES.address, country: 'US' },
      },
      processor: 'privacy.hosting.cdnProcessor',
      transfer: [
        seat(CF, 'US'),
        DPF,
        onward(CF, 'GB'),
        ADEQUACY,
        onward(CF, 'SG'),
        SCC,
        // Its servers worldwide: the transfer to them, on the clauses of its agreement.
        edges(CF),
        SCC,
      ],
      retention: { key: 'privacy.hosting.cdnRetention', params: { days: 30 } },
      policyUrl: CLOUDFLARE_PAGES.privacyPolicyUrl,
      incident: false,
      ownPurposes: true,
    });
  });

  it.each([
    ['a Swiss mailbox', SWISS_MAILBOX, [seat(SWISS_MAILBOX.name, 'CH'), ADEQUACY]],
    [
      'a Swiss mailbox passing data to the US',
      SWISS_MAILBOX_TO_US,
      [
        seat(SWISS_MAILBOX_TO_US.name, 'CH'),
        ADEQUACY,
        onward(SWISS_MAILBOX_TO_US.name, 'US'),
        SWISS_SCC,
      ],
    ],
    [
      'a Swiss mailbox passing data to the UK',
      SWISS_MAILBOX_TO_UK,
      [seat(SWISS_MAILBOX.name, 'CH'), ADEQUACY, onward(SWISS_MAILBOX.name, 'GB'), SWISS_ADEQUACY],
    ],
    [
      'Microsoft 365 through Ireland',
      MICROSOFT_365,
      // Nothing came before: the first further country is not "also".
      [onward(MICROSOFT_365.name, 'US', false), DPF],
    ],
  ] as const)(
    'with %s: the same transfer sentences as for the logs',
    (_what, mailbox, expected) => {
      const { mail, mailTransfer } = hostingParagraphs({
        legalForm: 'GmbH',
        hosting: EU_SERVER,
        mailProvider: mailbox,
      });
      expect(mailTransfer).toEqual(expected);
      // A host with the same destinations gets the same sentences for its logs.
      const { name, address, country } = mailbox;
      const host = { ...EU_SERVER, name, address, country };
      const logs = hostingParagraphs({
        legalForm: 'GmbH',
        hosting: {
          ...host,
          ...('transferSafeguard' in mailbox && { transferSafeguard: mailbox.transferSafeguard }),
          ...('transfers' in mailbox && { transfers: mailbox.transfers }),
        },
        mailProvider: EU_MAILBOX,
      });
      expect(logs.transfer).toEqual(expected);
      expect(mail.params).toEqual({
        provider: mailbox.name,
        address: mailbox.address,
        country: mailbox.country,
      });
    },
  );

  it.each([
    [{ country: 'SI' }, NONE_LOGS],
    [{ country: 'NO' }, NONE_LOGS],
    [{ country: 'CH', transferSafeguard: 'adequacy-decision' }, [seat('P', 'CH'), ADEQUACY]],
    [{ country: 'IN', transferSafeguard: 'standard-contractual-clauses' }, [seat('P', 'IN'), SCC]],
    [
      {
        country: 'DE',
        transfers: [
          { country: 'IN', safeguard: 'standard-contractual-clauses' },
          { country: 'US', safeguard: 'standard-contractual-clauses' },
        ],
      },
      [onward('P', 'IN', false), SCC, onward('P', 'US'), SCC],
    ],
  ] as const)('a processor seated by %j: %j', (facts, expected) => {
    expect(transferSentences({ name: 'P', ...facts }, 'privacy.transfer.noneLogs')).toEqual(
      expected,
    );
  });
});
