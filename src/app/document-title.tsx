import { business } from '../content/business';
import { useTranslation } from '../i18n/i18n-context';
import type { TitleMarker } from './route-handle';

/** The tab's title, e.g. "Impressum – Muster IT", in the active language. */
export function DocumentTitle({ marker }: { marker: TitleMarker }) {
  const { t } = useTranslation();
  // React 19 hoists a <title> rendered anywhere into the document's <head>.
  return (
    <title>{t('titles.template', { page: t(`titles.${marker}`), name: business.name })}</title>
  );
}
