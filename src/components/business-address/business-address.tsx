import { business, emailHref, legalName, phoneHref } from '../../content/business.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';

/**
 * The postal address from the owner's configuration, as the legal pages show it: with the country,
 * as a visitor abroad needs it (the business is German: its postal code and VAT id say so).
 */
export function BusinessAddress({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <address className={className}>
      {legalName}
      <br />
      {business.street}
      <br />
      {business.postalCode} {business.town}
      <br />
      {t('imprint.country')}
    </address>
  );
}

/** Phone and e-mail as links, labelled: how the imprint and the privacy statement name them. */
export function BusinessContact() {
  const { t } = useTranslation();
  return (
    <dl>
      <dt>{t('imprint.phone')}</dt>
      <dd>
        <a href={phoneHref}>{business.phone}</a>
      </dd>
      <dt>{t('imprint.email')}</dt>
      <dd>
        <a href={emailHref}>{business.email}</a>
      </dd>
    </dl>
  );
}
