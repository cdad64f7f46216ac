import {
  startTransition,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { loadDictionaries, type DictionaryLoader } from './dictionaries.ts';
import { I18nContext, type I18n } from './i18n-context.ts';
import { readAddressLanguage, type AddressLanguage } from './language-address.ts';
import { DEFAULT_LANGUAGE, detectLanguage, storeLanguage, type Language } from './language.ts';
import { translate } from './translate.ts';

interface I18nProviderProps {
  children: ReactNode;
  /** Tests and the prerender pass their own; the app fetches `./assets/i18n/{lang}.json`. */
  loader?: DictionaryLoader | undefined;
  /** The language to start in; by default the visitor's choice or browser decides. */
  initialLanguage?: Language | undefined;
  /** The language's own address the page was served from; by default read from `<html>`. */
  address?: AddressLanguage | undefined;
}

/**
 * Suspends until the active language's texts are loaded (wrap it in `<Suspense>`). A switch of
 * language runs as a transition, so the page keeps its current text until the new file is there.
 */
export function I18nProvider({
  children,
  loader = loadDictionaries,
  initialLanguage,
  address = readAddressLanguage(),
}: I18nProviderProps) {
  // On a language's own address that language shows, whatever the visitor's browser prefers.
  const [language, setActiveLanguage] = useState<Language>(
    () => address ?? initialLanguage ?? detectLanguage(),
  );
  const dictionaries = use(loader(language));
  // When the active language's file failed, the page reads in German; screen readers must know.
  const textLanguage =
    Object.keys(dictionaries[0] ?? {}).length === 0 ? DEFAULT_LANGUAGE : language;

  useLayoutEffect(() => {
    document.documentElement.lang = textLanguage;
  }, [textLanguage]);

  // As a transition: the page keeps its current texts until the new language's file is there (the
  // render suspends on it meanwhile), and the last choice wins. It starts in a task of its own, so
  // that the tap's frame does not wait for it.
  const setLanguage = useCallback((next: Language) => {
    setTimeout(() => {
      storeLanguage(next);
      startTransition(() => setActiveLanguage(next));
    });
  }, []);

  const i18n = useMemo<I18n>(
    () => ({
      language,
      address,
      setLanguage,
      t: (key, params) => translate(dictionaries, key, params),
    }),
    [language, address, setLanguage, dictionaries],
  );

  return <I18nContext value={i18n}>{children}</I18nContext>;
}
