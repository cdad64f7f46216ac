import { Icon } from '../../components/icon/icon.tsx';
import { Link } from '../../router/router.tsx';
import { Carousel } from '../../components/carousel/carousel.tsx';
import { business } from '../../content/business.ts';
import { HOME_PATH } from '../../content/routes.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';
import pill from '../../styles/pill-link.module.css';
import styles from './hero.module.css';

const SLIDES = [0, 1, 2, 3, 4] as const;

/** The first screen: who this is (name, tagline), what they stand for (the carousel), what to do. */
export function Hero() {
  const { t } = useTranslation();
  return (
    <div className={styles.hero}>
      {/* Heard as the header's heading is: name and tagline apart, not run together. */}
      <p className={styles.eyebrow}>
        <span className={styles.name}>{business.name}</span>
        <span className="visually-hidden"> – </span>
        <span className={styles.tagline}>{t('header.tagline')}</span>
      </p>
      <Carousel
        id="intro"
        label={t('intro.label')}
        slides={SLIDES.map((index) => t(`carousel.${index}`))}
        slideLabel={(current, total) => t('intro.slide', { current, total })}
        pauseLabel={t('intro.pause')}
        playLabel={t('intro.play')}
      />
      <p className={styles.actions}>
        <Link to={`${HOME_PATH}#contact`} className={`${pill.pill} ${styles.cta}`}>
          {t('hero.cta')}
          <Icon name="arrow-right" className={styles.ctaIcon} />
        </Link>
      </p>
    </div>
  );
}
