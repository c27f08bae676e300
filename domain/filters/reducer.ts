import type { AppEvent } from '../app/events';
import { normaliseFilters, type Filters } from './model';

export interface FilterState {
  readonly active: Filters;
}

export const initialFilters: FilterState = { active: {} };

export const filtersReducer = (state: FilterState = initialFilters, event: AppEvent): FilterState => {
  switch (event.type) {
    case 'filters/applied':
      return { active: normaliseFilters(event.filters) };
    case 'filters/cleared':
    // Logging out forgets the selection (SPEC section 4).
    case 'session/signedOut':
      return initialFilters;
    default:
      return state;
  }
};
