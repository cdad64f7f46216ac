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
import type { ImprintLine, ImprintLines } from './imprint-lines.ts';
import styles from './imprint-page.module.css';

/** Lines the build worked out (imprint-lines.ts), each a paragraph. */
function Lines({ lines }: { lines: readonly ImprintLine[] }) {
  const { t, language } = useTranslation();
  return lines.map(({ key, params, names }) => {
    const line = t(key, names ? { ...params, names: formatNames(names, language) } : params);
    return <p key={line}>{line}</p>;
  });
}

export function ImprintPage({
  facts = business,
  lines = IMPRINT_LINES,
}: {
  /** The facts and the representation's lines: the owner's, unless a test gives others. */
  facts?: LegalFacts;
  lines?: ImprintLines;
}) {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('imprint.title')}>
      <h2>{t('imprint.provider')}</h2>
      <BusinessAddress facts={facts} />

      {lines.heading !== null && lines.representation.length > 0 && <h2>{t(lines.heading)}</h2>}
      <Lines lines={lines.representation} />

      <h2>{t('imprint.contact')}</h2>
      <BusinessContact facts={facts} />

      {lines.register !== null && (
        <>
          <h2>{t('imprint.register')}</h2>
          <Lines lines={[lines.register]} />
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
