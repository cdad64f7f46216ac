import { useState } from 'react';
import { Link } from 'react-router';
import { business } from '../../content/business';
import { useTranslation } from '../../i18n/i18n-context';
import styles from './site-footer.module.css';

export function SiteFooter() {
  const { t } = useTranslation();
  // The visitor's current year at the time of viewing, not the year the site was built.
  const [year] = useState(() => new Date().getFullYear());
  return (
    <footer className={styles.siteFooter}>
      <div className={styles.inner}>
        <p>{t('footer.copyright', { year, name: business.name, legalForm: business.legalForm })}</p>
        <nav aria-label={t('footer.navLabel')}>
          <ul className={styles.links}>
            <li>
              <Link to="/imprint">{t('footer.imprint')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
