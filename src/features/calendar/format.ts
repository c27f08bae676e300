import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarRelevance } from '../../../domain/contracts/calendar';

/** A day written as day, month name, year (SPEC section 9), in the person's language. */
export const useDayFormat = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language === 'au' ? 'en-AU' : i18n.language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  }, [i18n.language]);
};

/** "12% of respondents have a Chinese heritage", from the released share the server sent. */
export const useRelevanceText = () => {
  const { t } = useTranslation();
  return (relevance: CalendarRelevance) => t(`calendar_share_${relevance.group}`, { percent: relevance.percent.toFixed(1), label: relevance.label });
};

