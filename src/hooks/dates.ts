import { useMemo } from 'react';
import { useTranslation } from './translation';
import { dateFormats, type DateFormats } from '../../domain/i18n/dates';

/** The date formats of the language the page is shown in. */
export const useDates = (): DateFormats => {
  const { language } = useTranslation();
  return useMemo(() => dateFormats(language), [language]);
};

/** A day in the page's language (see DateFormats.day). */
export const useFormatDay = (): ((iso: string) => string) => useDates().day;
