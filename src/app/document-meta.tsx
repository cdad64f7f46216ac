import { useEffect, useMemo } from 'react';
import { business } from '../content/business.ts';
import { useTranslation } from '../i18n/i18n-context.ts';
import { languageMetaTags } from './meta-texts.ts';

/**
 * Keeps the description, Open Graph and Twitter card texts in `<head>` in the active language.
 * The build wrote each document's own language's texts for crawlers that run no scripts; this
 * swaps them when the visitor switches language. A tag missing from the page is added.
 */
export function DocumentMeta() {
  const { t, language } = useTranslation();
  const tags = useMemo(() => languageMetaTags(t, language, business.name), [t, language]);

  useEffect(() => {
    for (const { attribute, key, content } of tags) {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
      if (!meta) {
        meta = document.createElement('meta');
        meta.setAttribute(attribute, key);
        document.head.append(meta);
      }
      meta.content = content;
    }
  }, [tags]);

  return null;
}
