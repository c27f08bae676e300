import { useTranslation } from '../../hooks/translation';
import { countActiveFilters } from '../../../domain/filters/model';
import type { AppState } from '../../../domain/app/state';
import { useSelector } from '../../hooks/runtime';

const selectActiveCount = (s: AppState) => countActiveFilters(s.filters.active);

/** How many filters are on, and the sentence that says so (the Apply filter button's description). */
export const useActiveFilterSummary = (): { count: number; summary: string } => {
  const { t } = useTranslation();
  const count = useSelector(selectActiveCount);
  return { count, summary: count === 0 ? t('no_active_filters') : t('active_filters', { count }) };
};
