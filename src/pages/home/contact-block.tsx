import { VCARD_FILE } from '../../content/site-addresses.ts';
import { Icon } from '../../components/icon/icon.tsx';
import { business, emailHref, legalName, phoneHref } from '../../content/business.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { rootFileHref } from '../../i18n/language-address.ts';
import pill from '../../styles/pill-link.module.css';
import styles from './contact-block.module.css';

/** The contact card: who to talk to, and phone, e-mail and the business card as large targets. */
export function ContactBlock() {
  const { t, address } = useTranslation();
  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-heading">
      <div className={styles.intro}>
        <h2 id="contact-heading">{t('contact.title')}</h2>
        <p className={styles.lead}>{t('contact.lead')}</p>
      </div>
      <address className={styles.card}>
        <p className={styles.person}>
          <span className={styles.owner}>{business.owner}</span>
          <span className={styles.organisation}>{legalName}</span>
        </p>
        <dl className={styles.channels}>
          <div className={styles.channel}>
            <dt>
              <Icon name="phone" className={styles.icon} />
              {t('contact.phone')}
            </dt>
            <dd>
              <a className={styles.target} href={phoneHref}>
                {business.phone}
              </a>
            </dd>
          </div>
          <div className={styles.channel}>
            <dt>
              <Icon name="mail" className={styles.icon} />
              {t('contact.email')}
            </dt>
            <dd>
              <a className={styles.target} href={emailHref}>
                {business.email}
              </a>
            </dd>
          </div>
        </dl>
        <p className={styles.save}>
          <a
            className={`${pill.pill} ${styles.saveLink}`}
            href={rootFileHref(VCARD_FILE, address)}
            download={VCARD_FILE}
            type="text/vcard"
          >
            <Icon name="download" className={styles.icon} />
            {t('contact.save')}
          </a>
          <span className={styles.saveHint}>{t('contact.saveHint')}</span>
        </p>
      </address>
    </section>
  );
}
