import { useTranslation } from '../hooks/translation';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { AppState } from '../../domain/app/state';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { useDispatch, useSelector } from '../hooks/runtime';
import type { Choice } from './ChoiceSelect';

const selectLanguage = (s: AppState) => s.i18n.language;

/** The product's languages as choices, each named in its own language and direction. */
export const LANGUAGE_CHOICES: readonly Choice[] = PRODUCT_LANGUAGES.map((option) => ({ id: option.code, name: option.nativeName, lang: option.lang, dir: option.dir }));

/**
 * The language of the screen, each named in its own language; kept under newLang. Signed in, the
 * account is only offered it (AccountLanguageOffer). Written out rather than through ChoiceSelect:
 * through it, English (Australia) picked in the header was not the language a reload showed
 * (tests/e2e/languages.e2e.ts); the cause is not yet known.
 */
export const LanguageSelect = ({ className = '' }: { className?: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const language = useSelector(selectLanguage);
  return (
    <Select
      className={`field language-select ${className}`.trim()}
      value={language}
      onChange={(key) => key !== null && dispatch({ type: 'i18n/selectLanguage', code: String(key) })}
    >
      <Label>{t('language')}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="select-chevron" />
      </Button>
      <Popover className="select-popover">
        <ListBox className="listbox">
          {PRODUCT_LANGUAGES.map((option) => (
            <ListBoxItem key={option.code} id={option.code} textValue={option.nativeName} className="listbox-item">
              <span lang={option.lang} dir={option.dir}>
                {option.nativeName}
              </span>
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
};
