import { useTranslation } from 'react-i18next';
import { Button, DialogTrigger, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { HeaderAction } from '../../../domain/navigation/menu';
import { countActiveFilters } from '../../../domain/filters/model';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { FilterPanel } from './FilterPanel';

const selectActiveCount = (s: AppState) => countActiveFilters(s.filters.active);

const ApplyFilterButton = () => {
  const { t } = useTranslation();
  const count = useSelector(selectActiveCount);
  const summary = count === 0 ? t('no_active_filters') : t('active_filters', { count });
  return (
    <DialogTrigger>
      <TooltipTrigger delay={300}>
        <Button className="button secondary" aria-describedby="active-filter-summary">
          {t('apply_filter')}
          {count > 0 && (
            <span className="badge" data-testid="filter-badge" aria-hidden="true">
              {count}
            </span>
          )}
        </Button>
        <Tooltip className="tooltip" offset={6}>
          {summary}
        </Tooltip>
      </TooltipTrigger>
      <FilterPanel />
      <span id="active-filter-summary" className="visually-hidden">
        {summary}
      </span>
    </DialogTrigger>
  );
};

/** The header actions a page declares in the menu: Refresh and Apply filter (SPEC section 2). */
export const HeaderActions = ({ actions, page }: { actions: readonly HeaderAction[]; page: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  if (actions.length === 0) return null;
  return (
    <div className="header-actions">
      {actions.includes('refresh') && (
        <Button className="button secondary" onPress={() => dispatch({ type: 'dashboard/refresh', page })}>
          {t('refresh')}
        </Button>
      )}
      {actions.includes('applyFilter') && <ApplyFilterButton />}
    </div>
  );
};
