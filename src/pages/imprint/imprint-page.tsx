import { IMPRINT_LINES } from 'virtual:content-constants';
import {
  BusinessAddress,
  BusinessContact,
  type LegalFacts,
} from '../../components/business-address/business-address.tsx';
import { LegalPage } from '../../components/legal-page/legal-page.tsx';
import { business } from '../../content/business.ts';
import illustration from '../../content/imprint-illustration.svg?no-inline';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { formatNames } from '../../i18n/legal-format.ts';
import type { ImprintLine } from './imprint-lines.ts';
import styles from './imprint-page.module.css';

/** Who represents the business: the lines the build worked out (imprint-lines.ts). */
function Representation({ lines }: { lines: readonly ImprintLine[] }) {
  const { t, language } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <>
      <h2>{t('imprint.representedBy')}</h2>
      {lines.map(({ key, params, names }) => {
        const line = t(key, names ? { ...params, names: formatNames(names, language) } : params);
        return <p key={line}>{line}</p>;
      })}
    </>
  );
}

export function ImprintPage({
  facts = business,
  lines = IMPRINT_LINES,
}: {
  /** The facts and the representation's lines: the owner's, unless a test gives others. */
  facts?: LegalFacts;
  lines?: readonly ImprintLine[];
}) {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('imprint.title')}>
      <h2>{t('imprint.provider')}</h2>
      <BusinessAddress facts={facts} />

      <Representation lines={lines} />

      <h2>{t('imprint.contact')}</h2>
      <BusinessContact facts={facts} />

      {facts.registerCourt !== undefined && facts.registerNumber !== undefined && (
        <>
          <h2>{t('imprint.register')}</h2>
          <dl>
            <dt>{t('imprint.registerCourt')}</dt>
            <dd>{facts.registerCourt}</dd>
            <dt>{t('imprint.registerNumber')}</dt>
            <dd>{facts.registerNumber}</dd>
          </dl>
        </>
      )}

      {facts.vatId !== undefined && (
        <>
          <h2>{t('imprint.vat')}</h2>
          <p>
            {t('imprint.vatText')}: {facts.vatId}
          </p>
        </>
      )}

      {facts.economicId !== undefined && (
        <>
          <h2>{t('imprint.economicId')}</h2>
          <p>
            {t('imprint.economicIdText')}: {facts.economicId}
          </p>
        </>
      )}

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
