import { HOME_SECTIONS } from '../../content/home-sections.ts';
import { HOME_PATH } from '../../content/routes.ts';
import { Link } from '../../router/router.tsx';
import { business } from '../../content/business.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';
import type { TranslationKey } from '../../i18n/translation-key.ts';
import { BrandMark } from '../brand-mark/brand-mark.tsx';
import { LanguageSwitch } from '../language-switch/language-switch.tsx';
import styles from './site-header.module.css';

/**
 * Business name, tagline, links to the home page's sections and the language switch, on every page.
 * On the home page the name and tagline are its main heading; elsewhere the page's own headline is.
 * A hidden dash keeps a screen reader from running name and tagline together into one phrase
 * ("Muster IT IT Beratung"). Elsewhere than on the home page, where it is the heading, the link
 * also says where it leads, after its visible words, so that voice control can say what it sees.
 */
export function SiteHeader({ brandIsHeading }: { brandIsHeading: boolean }) {
  const { t } = useTranslation();
  const Brand = brandIsHeading ? 'h1' : 'p';

  return (
    <header className={styles.siteHeader}>
      <div className={styles.bar}>
        <Brand className={styles.brand}>
          <Link to={HOME_PATH} className={styles.brandLink}>
            <BrandMark />
            <span className={styles.brandText}>
              <span className={styles.name}>{business.name}</span>
              <span className="visually-hidden"> – </span>{' '}
              <span className={styles.tagline}>{t('header.tagline')}</span>
              {!brandIsHeading && (
                <span className="visually-hidden"> – {t('header.homeLink')}</span>
              )}
            </span>
          </Link>
        </Brand>
        <nav className={styles.nav} aria-label={t('header.navLabel')}>
          <ul>
            {HOME_SECTIONS.map((section) => (
              <li key={section}>
                <Link to={`${HOME_PATH}#${section}`}>
                  {t(`nav.${section}` satisfies TranslationKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
