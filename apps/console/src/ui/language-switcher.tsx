/** The six languages; the choice is kept in this browser. */
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_LANGUAGES,
  currentLanguage,
  isLanguageCode,
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  rememberLanguage,
} from '../lib/i18n/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-switcher">
      <label htmlFor="console-language">{t('common.language')}</label>
      <select
        id="console-language"
        value={currentLanguage(i18n)}
        onChange={(event) => {
          const lang = event.target.value;
          if (!isLanguageCode(lang)) return;
          rememberLanguage(window.localStorage, lang);
          void i18n.changeLanguage(lang);
        }}
      >
        {CONSOLE_LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={LANGUAGE_TAGS[lang]}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
