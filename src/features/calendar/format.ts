import { useTranslation } from '../../hooks/translation';
import type { CalendarRelevance } from '../../../domain/contracts/calendar';
import { useDates } from '../../hooks/dates';

/** A day written as day, month name, year (SPEC section 9), in the person's language. */
export const useDayFormat = (): ((day: string) => string) => useDates().day;

/** "12% of respondents have a Chinese heritage", from the released share the server sent. */
export const useRelevanceText = () => {
  const { t } = useTranslation();
  return (relevance: CalendarRelevance) => t(`calendar_share_${relevance.group}`, { percent: relevance.percent.toFixed(1), label: relevance.label });
};

