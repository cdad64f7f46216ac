import type { MouseEvent } from 'react';
import { useTranslation } from '../../i18n/i18n-context.ts';
import styles from './skip-link.module.css';

/**
 * The first stop for keyboard users: jumps past the header to the page's content. It moves focus
 * itself, because with hash routing a plain `#main` would be read as a route.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(targetId);
    target?.focus();
    target?.scrollIntoView();
  };
  return (
    <a className={styles.skipLink} href={`#${targetId}`} onClick={skip}>
      {t('header.skipLink')}
    </a>
  );
}
