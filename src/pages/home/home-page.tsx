import { SERVICE_NAME_LANGUAGES } from 'virtual:content-constants';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { NoScriptTarget } from '../../router/no-script-target.tsx';
import { ContactBlock } from './contact-block.tsx';
import { Hero } from './hero.tsx';
import { ServiceList, type Service } from './service-list.tsx';

/** One icon per service, in the order of the translation files' items. */
const ICONS = {
  consulting: ['workflow', 'network', 'compass', 'chart-pie'],
  development: ['layers', 'app-window', 'code-xml', 'database-zap'],
} as const satisfies Record<string, readonly Service['icon'][]>;

const SERVICES = [0, 1, 2, 3] as const;

export function HomePage() {
  const { t, language } = useTranslation();
  // English terms on the German page (and German words on the English one) are marked as such, so
  // that a voice does not mispronounce them (WCAG 3.1.2, language of parts); the build reads which
  // they are from the translation files.
  const termLanguage = (key: string) => {
    const own = SERVICE_NAME_LANGUAGES[key];
    return own !== undefined && own !== language ? own : undefined;
  };
  const serviceList = (area: 'consulting' | 'development') => (
    <ServiceList
      id={area}
      title={t(`${area}.title`)}
      lead={t(`${area}.lead`)}
      items={SERVICES.map((index) => ({
        name: t(`${area}.items.${index}`),
        description: t(`${area}.descriptions.${index}`),
        icon: ICONS[area][index],
        lang: termLanguage(`${area}.items.${index}`),
      }))}
    />
  );

  // The header's section links (and the hero's call to action) work without JavaScript too.
  return (
    <>
      <NoScriptTarget to="/home#intro" />
      <Hero />
      <NoScriptTarget to="/home#consulting" />
      {serviceList('consulting')}
      <NoScriptTarget to="/home#development" />
      {serviceList('development')}
      <NoScriptTarget to="/home#contact" />
      <ContactBlock />
    </>
  );
}
