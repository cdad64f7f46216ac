import { useEffect } from 'react';
import { useTranslation } from '../i18n/i18n-context.ts';
import { pageTitle, type TitleMarker } from '../content/routes.ts';

/**
 * Keeps `document.title` in step with the page and language. An effect rather than React 19's
 * hoisted `<title>`: the prerendered HTML holds several pages, and the title of the one shown is set
 * before the first paint by the boot script, so no page may bring a `<title>` of its own.
 */
export function DocumentTitle({ marker }: { marker: TitleMarker }) {
  const { t } = useTranslation();
  const title = pageTitle(t, marker);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
