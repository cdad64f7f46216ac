import { createContext, use } from 'react';
import type { AddressLanguage } from './language-address.ts';
import type { Language } from './language.ts';
import type { TranslationParams } from './translate.ts';
import type { TranslationKey } from './translation-key.ts';

export interface I18n {
  language: Language;
  /** The language of the address the page was served from, or null for the adaptive root. */
  address: AddressLanguage;
  setLanguage: (language: Language) => void;
  t: (key: TranslationKey, params?: TranslationParams) => string;
}

export const I18nContext = createContext<I18n | null>(null);

export function useTranslation(): I18n {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useTranslation() needs an <I18nProvider> above it');
  return i18n;
}
