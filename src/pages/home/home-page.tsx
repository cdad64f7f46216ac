import { Carousel } from '../../components/carousel/carousel';
import { useTranslation } from '../../i18n/i18n-context';
import { ContactBlock } from './contact-block';
import { ServiceList } from './service-list';

const SLIDES = [0, 1, 2, 3, 4] as const;
const SERVICES = [0, 1, 2, 3] as const;

export function HomePage() {
  const { t } = useTranslation();
  const serviceList = (area: 'consulting' | 'development') => (
    <ServiceList
      id={area}
      title={t(`${area}.title`)}
      lead={t(`${area}.lead`)}
      items={SERVICES.map((index) => t(`${area}.items.${index}`))}
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
