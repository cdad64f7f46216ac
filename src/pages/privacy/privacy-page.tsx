import { HOSTING_PARAGRAPHS } from 'virtual:content-constants';
import {
  BusinessAddress,
  BusinessContact,
  type LegalFacts,
} from '../../components/business-address/business-address.tsx';
import { LegalPage } from '../../components/legal-page/legal-page.tsx';
import { business } from '../../content/business.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { formatDay } from '../../i18n/legal-format.ts';
import { withCountryName } from './country-name.ts';
import type { HostingParagraphs, Paragraph } from './hosting-paragraphs.ts';

const LOGGED_DATA = [0, 1, 2, 3, 4] as const;

/**
 * The privacy statement: the specification's three sections (information duty, e-mail contact,
 * rights) in their order, with what Art. 13 GDPR adds for this site: the controller, hosting and
 * server logs, the mail provider (who they are, where the data go, how long the logs stay, follow
 * the owner's facts: see hosting-paragraphs.ts), the recipients the law allows, browser storage,
 * the legal basis and retention of each, and the right to object set apart as Art. 21(4) GDPR
 * asks.
 */
export function PrivacyPage({
  hosting = HOSTING_PARAGRAPHS,
  facts = business,
}: {
  /** What the statement says of the hosting and the mailbox: the owner's, unless a test gives others. */
  hosting?: HostingParagraphs;
  /** The controller and its contacts: the owner's, unless a test gives others. */
  facts?: LegalFacts;
}) {
  const { t, language } = useTranslation();
  const { email, supervisoryAuthority, dataProtectionOfficer: officer } = facts;
  const {
    provider,
    processor,
    transfer,
    retention,
    policyUrl,
    incident,
    ownPurposes,
    mail,
    mailTransfer,
    letters,
  } = hosting;
  const show = ({ key, params }: Paragraph) => t(key, withCountryName(params, language));
  const sentences = (paragraphs: readonly Paragraph[]) => paragraphs.map(show).join(' ');
  return (
    <LegalPage title={t('privacy.title')}>
      <section aria-labelledby="privacy-duty">
        <h2 id="privacy-duty">{t('privacy.duty.title')}</h2>
        <p>{t('privacy.duty.text')}</p>
      </section>

      <section aria-labelledby="privacy-controller">
        <h2 id="privacy-controller">{t('privacy.controller.title')}</h2>
        <p>{t('privacy.controller.text')}</p>
        <BusinessAddress facts={facts} />
        <BusinessContact facts={facts} />
        {officer && (
          <>
            <p>
              {t('privacy.controller.officer')}
              {officer.name !== undefined && ` ${officer.name}`}
            </p>
            <BusinessContact facts={officer} />
          </>
        )}
      </section>

      <section aria-labelledby="privacy-hosting">
        <h2 id="privacy-hosting">{t('privacy.hosting.title')}</h2>
        <p>
          {show(provider)}
          {processor && ` ${t(processor)}`}
        </p>
        <p>{t('privacy.hosting.logged')}</p>
        <ul>
          {LOGGED_DATA.map((index) => (
            <li key={index}>{t(`privacy.hosting.items.${index}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.hosting.purpose')}</p>
        <p>{sentences(transfer)}</p>
        <p>{show(retention)}</p>
        {policyUrl !== null && (
          <p>
            {t('privacy.hosting.policy')} <a href={policyUrl}>{policyUrl}</a>
          </p>
        )}
        {incident && <p>{t('privacy.hosting.incident')}</p>}
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{t('privacy.contact.title')}</h2>
        <p>{t('privacy.contact.text')}</p>
        <p>{show(mail)}</p>
        <p>{sentences(mailTransfer)}</p>
        <p>{t('privacy.contact.basis')}</p>
        <p>{t(letters)}</p>
        <p>{t('privacy.contact.recipients')}</p>
        <p>{t('privacy.contact.required')}</p>
      </section>

      <section aria-labelledby="privacy-storage">
        <h2 id="privacy-storage">{t('privacy.storage.title')}</h2>
        <p>{t('privacy.storage.text')}</p>
        <ul>
          <li>{t('privacy.storage.language')}</li>
          <li>{t('privacy.storage.scroll')}</li>
          <li>{t('privacy.storage.carousel')}</li>
        </ul>
        <p>
          {t('privacy.storage.basis')} {t('privacy.storage.interest')}
        </p>
      </section>

      <section aria-labelledby="privacy-none">
        <h2 id="privacy-none">{t('privacy.none.title')}</h2>
        <p>{t('privacy.none.text')}</p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t('privacy.rights.title')}</h2>
        <p>{t('privacy.rights.text', { email })}</p>
        <p>{t('privacy.rights.complaint')}</p>
        <p>
          {t('privacy.rights.authority')}{' '}
          <a href={supervisoryAuthority.url}>{supervisoryAuthority.name}</a>
        </p>
      </section>

      <section aria-labelledby="privacy-objection">
        <h2 id="privacy-objection">{t('privacy.objection.title')}</h2>
        <p>
          {t('privacy.objection.text')}
          {ownPurposes && ` ${t('privacy.objection.cdn')}`}
        </p>
        <p>{t('privacy.objection.how', { email })}</p>
      </section>

      <p>
        {t('privacy.updated')}{' '}
        <time dateTime={facts.privacyUpdated}>{formatDay(facts.privacyUpdated, language)}</time>
      </p>
    </LegalPage>
  );
}
