import type { FilterEvent } from './events';
import { normaliseFilters, type Filters } from './model';

export interface FilterState {
  readonly active: Filters;
}

export const initialFilters: FilterState = { active: {} };

export const filtersReducer = (state: FilterState = initialFilters, event: { type: string }): FilterState => {
  const e = event as FilterEvent;
  switch (e.type) {
    case 'filters/applied':
      return { active: normaliseFilters(e.filters) };
    case 'filters/cleared':
      return initialFilters;
    default:
      // Logging out forgets the selection (SPEC section 4).
      return event.type === 'session/signedOut' ? initialFilters : state;
  }
};
