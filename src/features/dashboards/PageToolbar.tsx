import { useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import type { BannerPanel } from './pages';
import { isKeyFactPage } from '../../../domain/keyfacts/facts';
import { KeyFacts } from './KeyFacts';
import { DateRangeField } from './DateRangeField';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useSection } from '../../hooks/resources';
import { useLocalNames } from '../charts/localNames';
import { FilterChips } from '../shell/FilterChips';
import { MAX_ADJUSTMENT } from '../../../domain/stats/cellkey';

const selectFilters = (s: AppState) => s.filters.active;
const selectBanners = (s: AppState) => s.session.user?.setting.banners ?? null;

/**
 * The date range selector: the organisation's saved ranges (settings page); picking one sets the
 * date-tag filter, so every section of every page counts only the answers submitted in it.
 */
export const DateRangeSelect = () => {
  const dispatch = useDispatch();
  const filters = useSelector(selectFilters);
  const ranges = useSection('dateRanges');
  // Kept on screen while the list reloads (the filter chips ask for it again when a range is chosen).
  if (!ranges.data || ranges.data.length === 0) return null;
  const tag = filters['date-tag'];
  return (
    <DateRangeField
      className="date-range-select"
      name="date-range"
      ranges={ranges.data}
      tag={tag !== undefined && ranges.data.some((range) => range.id === tag) ? tag : null}
      onChange={(chosen) => {
        const next = { ...filters };
        if (chosen === null) delete next['date-tag'];
        else next['date-tag'] = chosen;
        dispatch({ type: 'filters/apply', filters: next });
      }}
    />
  );
};

/**
 * The panel's banner (SPEC section 2): hidden unless the person chose to show it in their
 * dashboard settings; "show once" can be dismissed for this visit.
 */
export const PanelBanner = ({ panel }: { panel: BannerPanel }) => {
  const { t } = useTranslation();
  const banners = useSelector(selectBanners);
  const choice = banners?.[panel] ?? 'hideAlways';
  const [dismissed, setDismissed] = useState(false);
  if (choice === 'hideAlways' || dismissed) return null;
  return (
    <aside className="panel-banner" aria-label={t('banner_label')}>
      <p>{t(`banner_text.${panel}`)}</p>
      {choice === 'showOnce' && (
        <Button className="button ghost small" onPress={() => setDismissed(true)}>{t('banner_dismiss')}</Button>
      )}
    </aside>
  );
};

const selectExport = (s: AppState) => s.dashboard;

/** The live line of a download: being made, downloaded under its name, or why it could not be. */
export const ExportStatus = () => {
  const { t } = useTranslation();
  const { exporting, exportNote } = useSelector(selectExport);
  return (
    <p className="export-status" role="status">
      {exporting !== undefined
        ? t('export_working')
        : exportNote?.kind === 'done'
          ? t('export_done', { file: exportNote.fileName })
          : exportNote?.kind === 'failed'
            ? t('export_failed', { reason: t(exportNote.message, { defaultValue: exportNote.message }) })
            : ''}
    </p>
  );
};

/**
 * The page's Export: a spreadsheet of every card with the active filters and date range, made
 * by the server from the released figures. The live line says when the file is being made,
 * when it was downloaded, or why it could not be.
 */
export const ExportButton = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const busy = useSelector(selectExport).exporting !== undefined;
  return (
    <div className="export-controls">
      <Button
        className="button secondary"
        aria-label={t('export_page_label')}
        isDisabled={busy}
        onPress={() => dispatch({ type: 'dashboard/export', page, format: 'xlsx', card: null })}
      >
        {t('export_page')}
      </Button>
      <ExportStatus />
    </div>
  );
};

/** Loads the names the page's charts are labelled with, once for the page. */
const ChartNames = () => {
  useLocalNames(true);
  return null;
};

/** Says, once for the page, that answers received are not in the figures yet (they enter in batches of at least m people). */
const WaitingNote = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const waiting = useSection('statGeneralWaiting', {}, page);
  if (waiting.status !== 'loaded' || waiting.data === null || !waiting.data.some) return null;
  const { atLeast, blockSize } = waiting.data;
  return (
    <p className="stat-note waiting-note" role="status">
      {atLeast > 0 ? t('stat_waiting_many', { count: atLeast, m: blockSize }) : t('stat_waiting_few', { m: blockSize })}
    </p>
  );
};

/** Said once for the page, not under every card: every figure on it is adjusted the same way. */
export const AdjustmentNote = () => {
  const { t } = useTranslation();
  return <p className="stat-note page-note">{t('stat_adjusted', { d: MAX_ADJUSTMENT })}</p>;
};

export const PageToolbar = ({ panel, page }: { panel?: BannerPanel; page?: string }) => (
  <>
    <ChartNames />
    <div className="dashboard-toolbar">
      <DateRangeSelect />
      {page !== undefined && <ExportButton page={page} />}
    </div>
    {page !== undefined && <FilterChips />}
    {page !== undefined && <AdjustmentNote />}
    {page !== undefined && <WaitingNote page={page} />}
    {panel && <PanelBanner panel={panel} />}
    {page !== undefined && isKeyFactPage(page) && <KeyFacts key={page} page={page} />}
  </>
);
