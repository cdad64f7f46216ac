import { SERVICE_NAME_LANGUAGES } from 'virtual:content-constants';
import { Fragment } from 'react';
import {
  HOME_SECTIONS,
  isServiceArea,
  serviceItems,
  type HomeSection,
  type ServiceArea,
} from '../../content/home-sections.ts';
import { HOME_PATH } from '../../content/routes.ts';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { NoScriptTarget } from '../../router/no-script-target.tsx';
import { ContactBlock } from './contact-block.tsx';
import { Hero } from './hero.tsx';
import { ServiceList } from './service-list.tsx';

export function HomePage() {
  const { t, language } = useTranslation();
  // English terms on the German page (and German words on the English one) are marked as such, so
  // that a voice does not mispronounce them (WCAG 3.1.2, language of parts); the build reads which
  // they are from the translation files.
  const termLanguage = (key: string) => {
    const own = SERVICE_NAME_LANGUAGES[key];
    return own !== undefined && own !== language ? own : undefined;
  };
  const serviceList = (area: ServiceArea) => (
    <ServiceList
      id={area}
      title={t(`${area}.title`)}
      lead={t(`${area}.lead`)}
      // A type error here is an item with an icon but no text: `npm run check:content` names its key.
      items={serviceItems(area).map(({ name, description, icon }) => ({
        name: t(name),
        description: t(description),
        icon,
        lang: termLanguage(name),
      }))}
    />
  );

  // The header's section links (and the hero's call to action) work without JavaScript too.
  const section = (id: HomeSection) =>
    id === 'intro' ? <Hero /> : isServiceArea(id) ? serviceList(id) : <ContactBlock />;
  return HOME_SECTIONS.map((id) => (
    <Fragment key={id}>
      <NoScriptTarget to={`${HOME_PATH}#${id}`} />
      {section(id)}
    </Fragment>
  ));
}
