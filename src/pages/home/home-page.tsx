import { Carousel } from '../../components/carousel/carousel';
import { useTranslation } from '../../i18n/i18n-context';
import { ContactBlock } from './contact-block';
import { ServiceList } from './service-list';

const SLIDES = [0, 1, 2, 3, 4] as const;
const SERVICES = [0, 1, 2, 3] as const;

export function HomePage() {
  const { t, language } = useTranslation();
  // English terms on the German page are marked as such, so that a German voice does not mispronounce
  // them (WCAG 3.1.2, language of parts); the build reads which they are from the translation files.
  const termLanguage = (key: string) =>
    language !== 'en' && ENGLISH_TERM_KEYS.includes(key) ? 'en' : undefined;
  const serviceList = (area: 'consulting' | 'development') => (
    <ServiceList
      id={area}
      title={t(`${area}.title`)}
      lead={t(`${area}.lead`)}
      items={SERVICES.map((index) => ({
        name: t(`${area}.items.${index}`),
        lang: termLanguage(`${area}.items.${index}`),
      }))}
    />
  );

  return (
    <>
      <Carousel
        id="intro"
        label={t('intro.label')}
        slides={SLIDES.map((index) => t(`carousel.${index}`))}
        slideLabel={(current, total) => t('intro.slide', { current, total })}
        pauseLabel={t('intro.pause')}
        playLabel={t('intro.play')}
      />
      {serviceList('consulting')}
      {serviceList('development')}
      <ContactBlock />
    </>
  );
}
