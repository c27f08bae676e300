import { Button } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import { type FilterChip, filterChips, withoutChip } from '../../../domain/filters/chips';
import { useSection } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';
import { useLocalNames } from '../charts/localNames';

const selectFilters = (s: AppState) => s.filters.active;

/**
 * The filters in force, each as a chip with its own remove button, above the page's figures: a
 * count on the Apply filter button alone leaves the person guessing which answers are counted.
 */
export const FilterChips = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const filters = useSelector(selectFilters);
  const chips = filterChips(filters);
  const lookups = chips.some((chip) => chip.key === 'position-level' || chip.key === 'gender');
  const positions = useSection('filterPositionLevels', undefined, undefined, lookups);
  const genders = useSection('filterGenders', undefined, undefined, lookups);
  const ranges = useSection('dateRanges', undefined, undefined, chips.some((chip) => chip.key === 'date-tag'));
  const names = useLocalNames();
  if (chips.length === 0) return null;

  const valueOf = (chip: FilterChip): string => {
    switch (chip.key) {
      case 'position-level':
      case 'gender': {
        const list = chip.key === 'gender' ? genders.data : positions.data;
        const item = list?.find((entry) => String(entry.principleId) === chip.value);
        return names?.get(chip.value) ?? item?.value ?? chip.value;
      }
      case 'disability':
      case 'lgbtiq':
        return chip.value === 'yes' ? t('filter_yes') : chip.value === 'no' ? t('filter_no') : chip.value;
      case 'date-tag':
        return ranges.data?.find((range) => range.id === chip.value)?.label ?? chip.value;
      default:
        return chip.value;
    }
  };

  return (
    <div className="filter-chips" role="group" aria-label={t('filter_chips_label')}>
      <ul>
        {chips.map((chip) => {
          const text = `${t(`filter.${chip.key}`)}: ${valueOf(chip)}`;
          return (
            <li key={`${chip.key}=${chip.value}`} className="filter-chip">
              <span className="long-name">{text}</span>
              <Button className="filter-chip-remove" aria-label={t('filter_chip_remove', { filter: text })}
                onPress={() => dispatch({ type: 'filters/apply', filters: withoutChip(filters, chip) })}>
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          );
        })}
      </ul>
      {chips.length > 1 && (
        <Button className="button ghost small" onPress={() => dispatch({ type: 'filters/apply', filters: {} })}>{t('clear_filters')}</Button>
      )}
    </div>
  );
};
