import { business, isSoleTrader, legalNameOf, telHref } from '../../content/business.ts';
import type { Business } from '../../content/business-schema.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';

/** The facts the legal pages show: the owner's, unless a test gives others. */
export type LegalFacts = Business;

/**
 * The postal address from the owner's configuration, as the legal pages show it: with the country,
 * as a visitor abroad needs it (the business is German: its postal code and VAT id say so). A sole
 * trader is named by the person's full name, the business name beside it (§ 5(1) no. 1 DDG).
 */
export function BusinessAddress({
  className,
  facts = business,
}: {
  className?: string;
  facts?: LegalFacts;
}) {
  const { t } = useTranslation();
  return (
    <address className={className}>
      {isSoleTrader(facts.legalForm) && (
        <>
          {facts.owner}
          <br />
        </>
      )}
      {legalNameOf(facts)}
      <br />
      {facts.street}
      <br />
      {facts.postalCode} {facts.town}
      <br />
      {t('imprint.country')}
    </address>
  );
}

/**
 * Phone and e-mail as links, labelled: how the imprint and the privacy statement name them, for
 * the business or its data protection officer (who may have no phone).
 */
export function BusinessContact({
  facts = business,
}: {
  facts?: { phone?: string | undefined; email: string };
}) {
  const { t } = useTranslation();
  return (
    <dl>
      {facts.phone !== undefined && (
        <>
          <dt>{t('imprint.phone')}</dt>
          <dd>
            <a href={telHref(facts.phone)}>{facts.phone}</a>
          </dd>
        </>
      )}
      <dt>{t('imprint.email')}</dt>
      <dd>
        <a href={`mailto:${facts.email}`}>{facts.email}</a>
      </dd>
    </dl>
  );
}
