import { useTranslation } from '../../hooks/translation';
import { numberFormats, type NumberFormats } from './format';

/** The figures' formats in the language the page is shown in. */
export const useNumbers = (): NumberFormats => {
  const { language } = useTranslation();
  return numberFormats(language);
};
