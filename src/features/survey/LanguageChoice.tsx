import type { AppState } from '../../../domain/app/state';
import { PRODUCT_LANGUAGES } from '../../../domain/i18n/languages';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';

const selectLanguage = (s: AppState) => s.i18n.language;

/** The participant's language: the browser's own select (a phone shows its picker), each language in its own words. */
export const LanguageChoice = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const language = useSelector(selectLanguage);
  return (
    <label className="language-choice">
      <span>{t('survey_language')}</span>
      <select value={language} onChange={(event) => dispatch({ type: 'i18n/selectLanguage', code: event.target.value })}>
        {PRODUCT_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.lang}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
};
