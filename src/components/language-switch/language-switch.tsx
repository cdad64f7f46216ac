import type { MouseEvent } from 'react';
import { isPlainClick, useLocation } from '../../router/router.tsx';
import { useTranslation } from '../../i18n/i18n-context.ts';
import { LANGUAGES, storeLanguage, type Language } from '../../i18n/language.ts';
import { languageAddress } from '../../i18n/language-address.ts';
import styles from './language-switch.module.css';

/**
 * DE / EN. Each option is a link to that language's own address with the same page (`#/imprint`
 * stays `#/imprint`), so it works without JavaScript and can be opened in a new tab. On the root
 * address, which adapts to the visitor, a click switches the language in place instead; either
 * way the choice is remembered.
 *
 * Each option is in its own language (`lang`) and is announced by the language's own name after
 * the visible code ("DE Deutsch"): a screen reader says a name a person would, and a voice control
 * user can still say what they see (WCAG 2.5.3, label in name). Both come from the translation
 * files (`language.de`, `language.deName`).
 */
export function LanguageSwitch() {
  const { language, address, setLanguage, t } = useTranslation();
  const route = `#${useLocation().pathname}`;

  const choose = (option: Language) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    if (address === null) {
      event.preventDefault();
      setLanguage(option);
    } else if (option === address) {
      event.preventDefault();
    } else {
      storeLanguage(option);
    }
  };

  return (
    <nav className={styles.languageSwitch} aria-label={t('language.label')}>
      {LANGUAGES.map((option) => (
        <a
          key={option}
          href={languageAddress(option, address, route)}
          className={styles.option}
          lang={option}
          hrefLang={option}
          aria-current={option === language ? 'true' : undefined}
          onClick={choose(option)}
        >
          {t(`language.${option}`)}
          <span className="visually-hidden"> {t(`language.${option}Name`)}</span>
        </a>
      ))}
    </nav>
  );
}
