import { useTranslation } from '../../i18n/i18n-context';
import { LANGUAGES } from '../../i18n/language';
import styles from './language-switch.module.css';

/** DE / EN toggle. Each button is labelled in its own language, whatever the page's language is. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useTranslation();
  return (
    <fieldset className={styles.languageSwitch}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          className={styles.option}
          lang={option}
          title={t(`language.${option}Name`)}
          aria-pressed={option === language}
          onClick={() => setLanguage(option)}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
