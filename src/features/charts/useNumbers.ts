import { useTranslation } from 'react-i18next';
import { numberFormats, type NumberFormats } from './format';

/** The figures' formats in the language the page is shown in. */
export const useNumbers = (): NumberFormats => {
  const { i18n } = useTranslation();
  return numberFormats(i18n.language);
};
