import {
  BusinessAddress,
  BusinessContact,
} from '../../components/business-address/business-address.tsx';
import { LegalPage } from '../../components/legal-page/legal-page.tsx';
import { business } from '../../content/business.ts';
import illustration from '../../content/imprint-illustration.svg?no-inline';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { managingDirectorsLine } from '../../i18n/legal-format.ts';
import styles from './imprint-page.module.css';

export function ImprintPage() {
  const { t, language } = useTranslation();
  return (
    <LegalPage title={t('imprint.title')}>
      <h2>{t('imprint.provider')}</h2>
      <BusinessAddress />

      <h2>{t('imprint.representedBy')}</h2>
      <p>{managingDirectorsLine(t, business.managingDirectors, language)}</p>

      <h2>{t('imprint.contact')}</h2>
      <BusinessContact />

      <h2>{t('imprint.register')}</h2>
      <dl>
        <dt>{t('imprint.registerCourt')}</dt>
        <dd>{business.registerCourt}</dd>
        <dt>{t('imprint.registerNumber')}</dt>
        <dd>{business.registerNumber}</dd>
      </dl>

      <h2>{t('imprint.vat')}</h2>
      <p>
        {t('imprint.vatText')}: {business.vatId}
      </p>

      <h2>{t('imprint.disputeTitle')}</h2>
      <p>{t('imprint.dispute')}</p>

      <img
        className={styles.illustration}
        src={illustration}
        alt=""
        width="960"
        height="240"
        // Decorative, so it closes the page instead of opening it: the legal data comes first, and
        // the image is never what a phone waits for. Lazy, so that the hidden prerendered imprint
        // pages do not fetch it on every visit.
        loading="lazy"
        decoding="async"
      />
    </LegalPage>
  );
}
