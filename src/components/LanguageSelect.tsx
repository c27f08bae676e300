import { useTranslation } from '../hooks/translation';
import type { AppState } from '../../domain/app/state';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { useDispatch, useSelector } from '../hooks/runtime';
import { type Choice, ChoiceSelect } from './ChoiceSelect';

const selectLanguage = (s: AppState) => s.i18n.language;

/** The product's languages as choices, each named in its own language and direction. */
export const LANGUAGE_CHOICES: readonly Choice[] = PRODUCT_LANGUAGES.map((option) => ({ id: option.code, name: option.nativeName, lang: option.lang, dir: option.dir }));

/** The language of the screen, each named in its own language; kept under newLang. Signed in, the account is only offered it (AccountLanguageOffer). */
export const LanguageSelect = ({ className = '' }: { className?: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const language = useSelector(selectLanguage);
  return (
    <ChoiceSelect
      className={`language-select ${className}`.trim()}
      label={t('language')}
      value={language}
      items={LANGUAGE_CHOICES}
      onChange={(code) => dispatch({ type: 'i18n/selectLanguage', code })}
    />
  );
};
