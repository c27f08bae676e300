import { SectionResult } from './SectionFallback';
import { useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Switch } from 'react-aria-components';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import type { AppState } from '../../../domain/app/state';
import { BENCHMARK_METRICS, type Band, type BenchmarkData, type BenchmarkGroup, type BenchmarkMetric, type PooledBenchmark, metricKind } from '../../../domain/contracts/benchmark';
import { MAX_ADJUSTMENT } from '../../../domain/stats/cellkey';
import { placeOf, rankOf } from '../../../domain/stats/bands';
import { defaultBenchmarkGroup, wholePeople } from '../../../domain/dashboard/defaults';
import { useAction, useSection } from '../../hooks/resources';
import { useSelector } from '../../hooks/runtime';
import { FormAlert } from '../forms/formParts';
import { PageToolbar } from './PageToolbar';

/** A metric's value as its kind is written: a share with one decimal, an index with two, groups with one. */
const formatValue = (metric: BenchmarkMetric, value: number | null, notReleased: string): string => {
  if (value === null) return notReleased;
  switch (metricKind(metric)) {
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'index':
      return value.toFixed(3);
    case 'groups':
      return value.toFixed(1);
    case 'count':
      // A median or percentile of counts may fall between two; a number of people is whole.
      return wholePeople(value).toLocaleString();
  }
};

const SCALE_W = 220;
const SCALE_H = 28;

/** The P10–P90 band as a bar, the median as a tick, and the chosen group as a dot (drawn only; the row's cells say it in words). */
const BandScale = ({ band, value, min, max }: { band: Band; value: number | null; min: number; max: number }) => {
  const span = max - min || 1;
  const x = (v: number) => 6 + ((v - min) / span) * (SCALE_W - 12);
  return (
    <svg className="benchmark-scale" width={SCALE_W} height={SCALE_H} viewBox={`0 0 ${SCALE_W} ${SCALE_H}`} aria-hidden="true" focusable="false">
      <line x1={6} x2={SCALE_W - 6} y1={SCALE_H / 2} y2={SCALE_H / 2} className="benchmark-axis" />
      <rect x={x(band.p10)} width={Math.max(2, x(band.p90) - x(band.p10))} y={SCALE_H / 2 - 6} height={12} rx={3} className="benchmark-band" />
      <line x1={x(band.median)} x2={x(band.median)} y1={SCALE_H / 2 - 9} y2={SCALE_H / 2 + 9} className="benchmark-median" />
      {value !== null && <circle cx={x(value)} cy={SCALE_H / 2} r={5} className="benchmark-here" />}
    </svg>
  );
};

/** Each metric's band across the groups, with the chosen group's value ("you are here"). */
const BandsTable = ({ data, chosen }: { data: BenchmarkData; chosen: BenchmarkGroup | undefined }) => {
  const { t } = useTranslation();
  const notReleased = t('benchmark_not_released');
  return (
    <div className="compare-table-wrap" role="region" tabIndex={0} aria-label={t('benchmark_bands_caption')}>
      <table className="chart-table benchmark-table">
        <caption>{t('benchmark_bands_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('benchmark_metric')}</th>
            <th scope="col">{t('benchmark_band')}</th>
            <th scope="col">{t('benchmark_p10')}</th>
            <th scope="col">{t('benchmark_median')}</th>
            <th scope="col">{t('benchmark_p90')}</th>
            <th scope="col" className="long-name">{chosen === undefined ? t('benchmark_here') : t('benchmark_here_named', { name: chosen.name })}</th>
            <th scope="col">{t('benchmark_place')}</th>
          </tr>
        </thead>
        <tbody>
          {data.bands.map(({ metric, band }) => {
            const value = chosen?.values[metric] ?? null;
            const all = data.groups.map((group) => group.values[metric]).filter((v): v is number => v !== null);
            return (
              <tr key={metric} data-metric={metric}>
                <th scope="row">{t(`benchmark_metric.${metric}`)}</th>
                <td>{band === null ? <span className="muted">{t('benchmark_no_band')}</span> : <BandScale band={band} value={value} min={Math.min(...all)} max={Math.max(...all)} />}</td>
                <td className="num">{band === null ? '–' : formatValue(metric, band.p10, notReleased)}</td>
                <td className="num">{band === null ? '–' : formatValue(metric, band.median, notReleased)}</td>
                <td className="num">{band === null ? '–' : formatValue(metric, band.p90, notReleased)}</td>
                <td className="num benchmark-here-cell">{formatValue(metric, value, notReleased)}</td>
                <td>{band === null || value === null ? '–' : t(`benchmark_place.${placeOf(band, value)}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};


/** The groups ranked on one metric, highest first; the chosen group is marked. */
const RankedTable = ({ data, chosen, metric }: { data: BenchmarkData; chosen: BenchmarkGroup | undefined; metric: BenchmarkMetric }) => {
  const { t } = useTranslation();
  const values = data.groups.map((group) => group.values[metric]);
  const rows = data.groups
    .map((group) => ({ group, value: group.values[metric], rank: rankOf(values, group.values[metric]) }))
    .sort((x, y) => (x.rank ?? Number.POSITIVE_INFINITY) - (y.rank ?? Number.POSITIVE_INFINITY) || x.group.name.localeCompare(y.group.name));
  const notReleased = t('benchmark_not_released');
  return (
    <table className="chart-table benchmark-ranked">
      <caption>{t('benchmark_ranked_caption', { metric: t(`benchmark_metric.${metric}`) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('benchmark_rank')}</th>
          <th scope="col">{t('benchmark_group')}</th>
          <th scope="col">{t('benchmark_value')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ group, value, rank }) => {
          const here = group.id === chosen?.id;
          return (
            <tr key={group.id} className={here ? 'benchmark-chosen' : undefined} aria-current={here ? 'true' : undefined}>
              <td className="num">{rank ?? '–'}</td>
              <th scope="row" className="long-name">
                {group.name}
                {here && <span className="benchmark-you"> · {t('benchmark_here')}</span>}
              </th>
              <td className="num">{formatValue(metric, value, notReleased)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
};

const selectRole = (state: AppState) => state.session.user?.role;

/** The opt-in pool: its bands beside the chosen group, and the administrator's switch. */
const PooledSection = ({ pooled, chosen }: { pooled: PooledBenchmark; chosen: BenchmarkGroup | undefined }) => {
  const { t } = useTranslation();
  const role = useSelector(selectRole);
  const toggle = useAction('benchmarkPooling');
  const on = pooled.status !== 'off';
  const notReleased = t('benchmark_not_released');
  return (
    <section className="card stat-card wide" aria-labelledby="benchmark-pooled">
      <h2 id="benchmark-pooled">{t('benchmark_pooled')}</h2>
      <p className="field-help">{t('benchmark_pooled_help')}</p>
      {role === 'admin' && (
        <>
          <FormAlert status={toggle.state} />
          <Switch isSelected={on} isDisabled={toggle.state.status === 'pending'} onChange={(next) => toggle.submit({ pooling: next })} className="switch">
            <span className="switch-indicator" aria-hidden="true" />
            {t('benchmark_pooled_switch')}
          </Switch>
        </>
      )}
      {pooled.status === 'off' ? (
        <p className="stat-withheld">{t('benchmark_pooled_off')}</p>
      ) : pooled.status === 'too_few' ? (
        <p className="stat-withheld">{t('benchmark_pooled_too_few', { industry: pooled.industry ?? '–', band: pooled.sizeBand })}</p>
      ) : (
        <div className="compare-table-wrap" role="region" tabIndex={0} aria-label={t('benchmark_pooled_caption', { n: pooled.organizations, industry: pooled.industry, band: pooled.sizeBand })}>
          <table className="chart-table benchmark-pooled-table">
            <caption>{t('benchmark_pooled_caption', { n: pooled.organizations, industry: pooled.industry, band: pooled.sizeBand })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('benchmark_metric')}</th>
                <th scope="col">{t('benchmark_p10')}</th>
                <th scope="col">{t('benchmark_median')}</th>
                <th scope="col">{t('benchmark_p90')}</th>
                <th scope="col" className="long-name">{chosen === undefined ? t('benchmark_here') : t('benchmark_here_named', { name: chosen.name })}</th>
              </tr>
            </thead>
            <tbody>
              {pooled.bands.map(({ metric, band }) => (
                <tr key={metric}>
                  <th scope="row">{t(`benchmark_metric.${metric}`)}</th>
                  <td className="num">{band === null ? '–' : formatValue(metric, band.p10, notReleased)}</td>
                  <td className="num">{band === null ? '–' : formatValue(metric, band.median, notReleased)}</td>
                  <td className="num">{band === null ? '–' : formatValue(metric, band.p90, notReleased)}</td>
                  <td className="num">{formatValue(metric, chosen?.values[metric] ?? null, notReleased)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};

const Results = ({ data }: { data: BenchmarkData }) => {
  const { t } = useTranslation();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [metric, setMetric] = useState<BenchmarkMetric>('index_overall');
  const chosen = data.groups.find((group) => group.id === chosenId) ?? defaultBenchmarkGroup(data.groups);
  const groupName = (group: BenchmarkGroup) => (group.parentId === null ? group.name : `${data.groups.find((item) => item.id === group.parentId)?.name ?? ''} › ${group.name}`.replace(/^ › /, ''));
  const leftOut = data.leftOut.length === 0 ? t('benchmark_none_left_out') : t('benchmark_left_out', { k: data.k, names: data.leftOut.map((group) => group.name).join(', ') });
  if (data.groups.length === 0) {
    return (
      <section className="card stat-card wide">
        <p className="stat-withheld">{t('benchmark_no_groups', { k: data.k })}</p>
        <p className="benchmark-left-out">{leftOut}</p>
      </section>
    );
  }
  return (
    <>
      <section className="card stat-card wide" aria-labelledby="benchmark-bands">
        <h2 id="benchmark-bands">{t('benchmark_bands')}</h2>
        <div className="benchmark-controls">
          <ChoiceSelect look="toolbar" label={t('benchmark_you_are')} name="benchmark-group" value={chosen?.id ?? null} items={data.groups.map((group) => ({ id: group.id, name: groupName(group) }))} onChange={setChosenId} />
        </div>
        <p className="field-help">{t('benchmark_help', { n: data.groups.length })}</p>
        <BandsTable data={data} chosen={chosen} />
        <p className="benchmark-left-out">{leftOut}</p>
        <p className="stat-note">{t('stat_adjusted', { d: MAX_ADJUSTMENT })}</p>
      </section>
      <section className="card stat-card wide" aria-labelledby="benchmark-ranked">
        <h2 id="benchmark-ranked">{t('benchmark_ranked')}</h2>
        {/* A native select: a long list low on the page, which a popover would have to scroll to. */}
        <div className="benchmark-controls field">
          <label htmlFor="benchmark-metric">{t('benchmark_rank_by')}</label>
          <select id="benchmark-metric" className="native-select" value={metric} onChange={(event) => setMetric(event.target.value as BenchmarkMetric)}>
            {BENCHMARK_METRICS.map(([key]) => (
              <option key={key} value={key}>
                {t(`benchmark_metric.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="compare-table-wrap" role="region" tabIndex={0} aria-label={t('benchmark_ranked_caption', { metric: t(`benchmark_metric.${metric}`) })}>
          <RankedTable data={data} chosen={chosen} metric={metric} />
        </div>
      </section>
      <PooledSection pooled={data.pooled} chosen={chosen} />
    </>
  );
};

/** Benchmark → Internal: every group measured on the same metrics, as bands across the groups (POST /benchmark/internal/process). */
export const BenchmarkInternalPage = ({ page }: { page: string }) => {
  const result = useSection('benchmarkInternal', {}, page);
  return (
    <div className="dashboard-page">
      <PageToolbar />
      <SectionResult section={result} data={result.data}>
        {(data) => <Results data={data} />}
      </SectionResult>
    </div>
  );
};
