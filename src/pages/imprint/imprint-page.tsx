import {
  BusinessAddress,
  BusinessContact,
  type LegalFacts,
} from '../../components/business-address/business-address.tsx';
import { LegalPage } from '../../components/legal-page/legal-page.tsx';
import { business } from '../../content/business.ts';
import { legalFormRules } from '../../content/legal-form.ts';
import illustration from '../../content/imprint-illustration.svg?no-inline';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { formatNames, managingDirectorsLine, ownerLine } from '../../i18n/legal-format.ts';
import styles from './imprint-page.module.css';

/**
 * Who represents the business, as its legal form has it (§ 5(1) no. 1 DDG; for a GmbH & Co. KG
 * §§ 125a, 177a HGB). A sole trader acts alone, named in the address.
 */
function Representation({ facts }: { facts: LegalFacts }) {
  const { t, language } = useTranslation();
  const { legalForm, roleWord } = facts;
  const { kind } = legalFormRules(legalForm);
  const names = (list: readonly string[]) => formatNames(list, language);
  if (kind === 'sole-trader') return null;
  let lines: string[] = [];
  if (kind === 'company') {
    lines = [managingDirectorsLine(t, facts.managingDirectors ?? [], language, roleWord)];
  } else if (kind === 'company-kg' && facts.generalPartner) {
    const partner = facts.generalPartner;
    lines = [
      t('imprint.generalPartner', {
        name: partner.name,
        seat: partner.seat,
        registerCourt: partner.registerCourt,
        registerNumber: partner.registerNumber,
      }),
      t('imprint.generalPartnerRepresentedBy', { name: partner.name }),
      managingDirectorsLine(t, partner.managingDirectors, language, roleWord),
    ];
  } else if (kind === 'partnership') {
    const partners = facts.partners ?? [];
    const key =
      legalForm === 'KG'
        ? partners.length === 1
          ? 'imprint.generalPartnerPersonOne'
          : 'imprint.generalPartnerPersonMany'
        : legalForm.startsWith('PartG')
          ? 'imprint.professionalPartners'
          : 'imprint.partners';
    lines = [t(key, { names: names(partners) })];
  } else if (kind === 'merchant') {
    const implied =
      legalForm === 'e.Kfr.' ? 'feminine' : legalForm === 'e.Kfm.' ? 'masculine' : undefined;
    lines = [ownerLine(t, facts.owner, roleWord ?? implied)];
  }
  return (
    <>
      <h2>{t('imprint.representedBy')}</h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}

export function ImprintPage({ facts = business }: { facts?: LegalFacts }) {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('imprint.title')}>
      <h2>{t('imprint.provider')}</h2>
      <BusinessAddress facts={facts} />

      <Representation facts={facts} />

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
