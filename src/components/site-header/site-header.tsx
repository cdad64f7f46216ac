import { Link } from '../../router/router';
import { business } from '../../content/business';
import { useTranslation } from '../../i18n/i18n-context';
import type { TranslationKey } from '../../i18n/translation-key';
import { BrandMark } from '../brand-mark/brand-mark';
import { LanguageSwitch } from '../language-switch/language-switch';
import styles from './site-header.module.css';

export const HOME_SECTIONS = ['intro', 'consulting', 'development', 'contact'] as const;

/**
 * Business name, tagline, links to the home page's sections and the language switch, on every page.
 * On the home page the name and tagline are its main heading; elsewhere the page's own headline is.
 */
export function SiteHeader({ brandIsHeading }: { brandIsHeading: boolean }) {
  const { t } = useTranslation();
  const Brand = brandIsHeading ? 'h1' : 'p';

  return (
    <header className={styles.siteHeader}>
      <div className={styles.bar}>
        <Brand className={styles.brand}>
          <Link to="/home" className={styles.brandLink}>
            <BrandMark className={styles.mark} />
            <span className={styles.brandText}>
              <span className={styles.name}>{business.name}</span>{' '}
              <span className={styles.tagline}>{t('header.tagline')}</span>
            </span>
          </Link>
        </Brand>
        <nav className={styles.nav} aria-label={t('header.navLabel')}>
          <ul>
            {HOME_SECTIONS.map((section) => (
              <li key={section}>
                <Link to={`/home#${section}`}>{t(`nav.${section}` satisfies TranslationKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
