import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormats, type DateFormats } from '../../domain/i18n/dates';

/** The date formats of the language the page is shown in. */
export const useDates = (): DateFormats => {
  const { i18n } = useTranslation();
  return useMemo(() => dateFormats(i18n.language), [i18n.language]);
};

/** A day in the page's language (see DateFormats.day). */
export const useFormatDay = (): ((iso: string) => string) => useDates().day;
