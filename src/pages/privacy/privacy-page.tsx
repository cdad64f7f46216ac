import { BusinessAddress } from '../../components/business-address/business-address';
import { LegalPage } from '../../components/legal-page/legal-page';
import { business } from '../../content/business';
import { useTranslation } from '../../i18n/i18n-context';

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('privacy.title')}>
      <section aria-labelledby="privacy-duty">
        <h2 id="privacy-duty">{t('privacy.duty.title')}</h2>
        <p>{t('privacy.duty.text')}</p>
      </section>

      <section aria-labelledby="privacy-controller">
        <h2 id="privacy-controller">{t('privacy.controller.title')}</h2>
        <p>{t('privacy.controller.text')}</p>
        <BusinessAddress />
        <p>{business.email}</p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{t('privacy.contact.title')}</h2>
        <p>{t('privacy.contact.text')}</p>
      </section>

      <section aria-labelledby="privacy-storage">
        <h2 id="privacy-storage">{t('privacy.storage.title')}</h2>
        <p>{t('privacy.storage.text')}</p>
        <ul>
          <li>{t('privacy.storage.language')}</li>
          <li>{t('privacy.storage.scroll')}</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t('privacy.rights.title')}</h2>
        <p>{t('privacy.rights.text')}</p>
        <p>{t('privacy.rights.complaint', { email: business.email })}</p>
      </section>
    </LegalPage>
  );
}
