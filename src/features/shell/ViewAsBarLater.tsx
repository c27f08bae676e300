import type { AppState } from '../../../domain/app/state';
import { lazyNamed } from '../../app/lazyPage';
import { useSelector } from '../../hooks/runtime';

/** The same rule as ViewAsBar's: a choice needs a second primary department, or a view to leave. */
const selectShown = (s: AppState) => s.session.primaryDepartments.length >= 2 || s.session.viewingAs;

const viewAsBar = lazyNamed(() => import('./ViewAsBar'), 'ViewAsBar', null);

/**
 * The view-as bar in a chunk of its own, fetched only for a person who has a choice to make:
 * its react-aria select, list box and popover (about 25 KB gzipped) would otherwise be part of
 * every dashboard's first load, while most people have a single department and never see it.
 */
export const ViewAsBarLater = () => (useSelector(selectShown) ? <viewAsBar.Page /> : null);
