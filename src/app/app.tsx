import { Suspense } from 'react';
import type { DictionaryLoader } from '../i18n/dictionaries.ts';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import type { Language } from '../i18n/language.ts';
import type { AddressLanguage } from '../i18n/language-address.ts';
import type { History } from '../router/hash-history.ts';
import { RouterProvider } from '../router/router.tsx';
import { Layout } from './layout.tsx';

interface AppProps {
  history: History;
  /** The prerender names the language of each page it renders; the browser detects it. */
  language?: Language | undefined;
  /** The prerender renders each address's pages; the browser reads it from `<html>`. */
  address?: AddressLanguage | undefined;
  loader?: DictionaryLoader | undefined;
}

export function App({ history, language, address, loader }: AppProps) {
  return (
    // The provider suspends until its language's texts are there (the boot script has asked for
    // them already). A suspended hydration leaves the prerendered page in place, so it never gives
    // way to this fallback; without one (`npm run dev`, the tests) nothing shows until they are,
    // so no text changes language under the eyes.
    <Suspense fallback={null}>
      <I18nProvider initialLanguage={language} address={address} loader={loader}>
        <RouterProvider history={history}>
          <Layout />
        </RouterProvider>
      </I18nProvider>
    </Suspense>
  );
}
