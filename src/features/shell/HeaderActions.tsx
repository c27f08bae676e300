import { useEffect, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import type { HeaderAction } from '../../../domain/navigation/menu';
import { useDispatch } from '../../hooks/runtime';
import { useActiveFilterSummary } from './filterSummary';

type ApplyFilterModule = typeof import('./ApplyFilterButton');

let applyFilterLoaded: ApplyFilterModule['ApplyFilterButton'] | undefined;
let applyFilterPending: Promise<unknown> | undefined;

/** Starts (or reuses) the download of the Apply filter button's chunk. */
export const preloadApplyFilter = (): Promise<unknown> =>
  (applyFilterPending ??= import('./ApplyFilterButton').then(
    (module) => (applyFilterLoaded = module.ApplyFilterButton),
    (error: unknown) => {
      applyFilterPending = undefined;
      throw error;
    },
  ));

/**
 * The Apply filter button. Its tooltip, dialog and the filter panel's fields (about 30 KB
 * gzipped of react-aria overlays and form fields) come in a chunk fetched once the header has
 * rendered; until it arrives (a few milliseconds on a warm connection) the same button is shown
 * without them, and a press or the focus it receives meanwhile are carried over: the panel
 * opens, or the button keeps the focus, when the chunk is in.
 */
const ApplyFilterLater = () => {
  const { t } = useTranslation();
  const { count, summary } = useActiveFilterSummary();
  const [, setArrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focusAtOnce, setFocusAtOnce] = useState(false);
  const renderedLoaded = applyFilterLoaded !== undefined;
  useEffect(() => {
    let current = true;
    if (!renderedLoaded)
      preloadApplyFilter().then(
        () => current && setArrived((n) => n + 1),
        (error: unknown) => current && setFailure({ error }),
      );
    return () => {
      current = false;
    };
  }, []);
  if (failure) throw failure.error;
  if (applyFilterLoaded) {
    const Loaded = applyFilterLoaded;
    return <Loaded openAtOnce={openAtOnce} focusAtOnce={focusAtOnce} />;
  }
  return (
    <>
      <Button
        className="button secondary"
        aria-describedby="active-filter-summary"
        onPress={() => setOpenAtOnce(true)}
        onFocus={() => setFocusAtOnce(true)}
        onBlur={() => setFocusAtOnce(false)}
      >
        {t('apply_filter')}
        {count > 0 && (
          <span className="badge" data-testid="filter-badge" aria-hidden="true">
            {count}
          </span>
        )}
      </Button>
      <span id="active-filter-summary" className="visually-hidden">
        {summary}
      </span>
    </>
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
      {actions.includes('applyFilter') && <ApplyFilterLater />}
    </div>
  );
};
