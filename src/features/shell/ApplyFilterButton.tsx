import { useTranslation } from '../../hooks/translation';
import { Button, DialogTrigger, Tooltip, TooltipTrigger } from 'react-aria-components';
import { FilterPanel } from './FilterPanel';
import { useActiveFilterSummary } from './filterSummary';

/**
 * The Apply filter button with its tooltip and the filter panel it opens. Its own chunk
 * (HeaderActions loads it once the header shows): react-aria's overlays, positioning and the
 * panel's fields are not needed for a dashboard's first paint.
 */
export const ApplyFilterButton = ({ openAtOnce = false, focusAtOnce = false }: { openAtOnce?: boolean; focusAtOnce?: boolean }) => {
  const { t } = useTranslation();
  const { count, summary } = useActiveFilterSummary();
  return (
    <DialogTrigger defaultOpen={openAtOnce}>
      <TooltipTrigger delay={300}>
        <Button className="button secondary" aria-describedby="active-filter-summary" autoFocus={focusAtOnce}>
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
