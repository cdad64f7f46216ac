import { HOME_PATH } from '../../content/routes.ts';
import { Link } from '../../router/router.tsx';
import { useTranslation } from '../../i18n/i18n-context.ts';
import styles from './close-link.module.css';

/** The "X" in the corner of the legal pages that leads back home. */
export function CloseLink() {
  const { t } = useTranslation();
  return (
    <Link to={HOME_PATH} className={styles.closeLink} aria-label={t('close')} title={t('close')}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </Link>
  );
}
