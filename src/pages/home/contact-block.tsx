import { business, emailHref, phoneHref } from '../../content/business';
import { useTranslation } from '../../i18n/i18n-context';
import styles from './home-page.module.css';

export function ContactBlock() {
  const { t } = useTranslation();
  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t('contact.title')}</h2>
      <p className={styles.lead}>{t('contact.lead')}</p>
      <address className={styles.contact}>
        <p className={styles.owner}>{business.owner}</p>
        <dl>
          <div>
            <dt>{t('contact.phone')}</dt>
            <dd>
              <a href={phoneHref}>{business.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a href={emailHref}>{business.email}</a>
            </dd>
          </div>
        </dl>
      </address>
    </section>
  );
}
