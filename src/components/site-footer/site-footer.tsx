import { useSyncExternalStore } from 'react';
import { Link } from '../../router/router.tsx';
import { legalName } from '../../content/business.ts';
import { LEGAL_ROUTES, pathOf } from '../../content/routes.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';
import styles from './site-footer.module.css';

const subscribeToNothing = () => () => {};
const currentYear = () => new Date().getFullYear();

export function SiteFooter() {
  const { t } = useTranslation();
  // The prerendered page says the year it was built in (so that hydration matches it); once the
  // app runs, the visitor's current year replaces it.
  const year = useSyncExternalStore(subscribeToNothing, currentYear, () => BUILD_YEAR);
  return (
    <footer className={styles.siteFooter}>
      <div className={styles.inner}>
        <p>{t('footer.copyrightName', { year, name: legalName })}</p>
        <nav aria-label={t('footer.navLabel')}>
          <ul className={styles.links}>
            {LEGAL_ROUTES.map((route) => (
              <li key={route}>
                <Link to={pathOf(route)}>{t(`footer.${route}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
