import {
  startTransition,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
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
 * Suspends until the active language's texts are loaded (wrap it in `<Suspense>`; the app itself
 * starts only once they are, see start-app.tsx). A switch of language waits for the new file, so
 * the page keeps its current text until it is there.
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

  // The language last asked for: a file that arrives after a later choice changes nothing.
  const wanted = useRef(language);
  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      wanted.current = next;
      // The texts first, then the switch: the page keeps its language until the new one is
      // there, and the render never suspends (Preact has no transitions to wait in).
      void loader(next).then(() => {
        if (wanted.current === next) startTransition(() => setActiveLanguage(next));
      });
    },
    [loader],
  );

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
