import { business } from '../../content/business.ts';
import styles from './brand-mark.module.css';

/**
 * The logo mark: the owner's letters (`brand.mark` in business.ts) on the accent colour. Drawn
 * as HTML rather than an image, so it costs no request and follows the theme. Decorative: the
 * business name always stands beside it.
 */
export function BrandMark() {
  return (
    <span className={styles.mark} aria-hidden="true">
      {business.brand.mark}
    </span>
  );
}
