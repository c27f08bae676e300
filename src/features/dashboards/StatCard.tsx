import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'react-aria-components';
import type { Distribution } from '../../../domain/contracts/stats';
import type { Count, Headline } from '../../../domain/contracts/statistics';
import type { StatisticsSectionName } from '../../../infrastructure/resources/statistics.catalog';
import type { sections } from '../../../infrastructure/resources/catalog';
import type { DataOf } from '../../../domain/contracts/endpoint';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../app/runtime';
import { useSection } from '../../app/resources';
import { Bar } from '../charts/Bar';
import { Donut } from '../charts/Donut';

const selectFiltersKey = (s: AppState) => JSON.stringify(s.filters.active);

/**
 * Loads a statistics section again when the active filters change (Apply filter, the date range).
 * The first run is skipped: useSection has just loaded it, with the filters of that moment.
 */
const useReloadOnFilters = (name: StatisticsSectionName) => {
  const dispatch = useDispatch();
  const filters = useSelector(selectFiltersKey);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dispatch({ type: 'resource/load', name, args: {} });
  }, [dispatch, name, filters]);
};

type DataFor<K extends StatisticsSectionName> = DataOf<(typeof sections)[K]['endpoint']>;

/**
 * One dashboard card: its own data section, so it shows its own state (SPEC section 4):
 * loading, the chart, the withheld message on status 204, or the error. Refresh and view-as
 * reload it through the page key.
 */
export const StatCard = <K extends StatisticsSectionName>({
  name, title, page, wide = false, children,
}: {
  name: K;
  title: string;
  page: string;
  wide?: boolean;
  children: (data: DataFor<K>, title: string) => ReactNode;
}) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const section = useSection(name, {}, page);
  useReloadOnFilters(name);
  const headingId = useId();
  const busy = section.status === 'pending' || section.status === 'idle';
  return (
    <section className={`card stat-card${wide ? ' wide' : ''}`} aria-labelledby={headingId} aria-busy={busy} data-section={name} data-status={section.status}>
      <h2 id={headingId}>{title}</h2>
      {section.status === 'loaded' && section.data !== null ? (
        children(section.data as DataFor<K>, title)
      ) : section.status === 'empty' ? (
        <p className="stat-withheld">{section.message ?? t('section_empty')}</p>
      ) : section.status === 'error' ? (
        <div className="stat-error">
          <p>{t(section.message ?? 'unknown_error', { defaultValue: section.message ?? '' })}</p>
          <Button className="button secondary small" onPress={() => dispatch({ type: 'resource/load', name, args: {} })}>
            {t('stat_try_again')}
          </Button>
        </div>
      ) : (
        <p className="stat-loading">{t('loading')}</p>
      )}
    </section>
  );
};

/** A single released number. */
export const CountFigure = ({ data }: { data: Count }) => <p className="stat-figure">{data.count.toLocaleString()}</p>;

/** Named figures in one row (overview rows). */
export const HeadlineFigures = ({ data }: { data: Headline }) => {
  const { t } = useTranslation();
  return (
    <dl className="stat-headline">
      {data.items.map((item) => (
        <div key={item.key}>
          <dt>{t(`stat_headline.${item.key}`, { defaultValue: item.key })}</dt>
          <dd className="stat-figure">{item.value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
};

/** A ring for one single-choice question; bars when people may pick several values. */
export const DistributionChart = ({ title, data, genders = false }: { title: string; data: Distribution; genders?: boolean }) =>
  data.multiple || data.cells.length > 8 ? <Bar title={title} data={data} genders={genders} /> : <Donut title={title} data={data} genders={genders} />;
