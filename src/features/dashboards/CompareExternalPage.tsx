import { SectionResult } from './SectionFallback';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { ChoiceSelect, choicesOfTree } from '../../components/ChoiceSelect';
import { WHOLE_ORGANIZATION } from '../../../domain/contracts/compare';
import type { ComparedMutualityPillar, MutualityData, MutualityMissing, MutualitySource, MutualityValue } from '../../../domain/contracts/mutuality';
import { MUTUALITY_PILLARS } from '../../../domain/mutuality/census';
import { overallScoreName } from '../../../domain/mutuality/score';
import type { ReleasedCell } from '../../../domain/contracts/stats';
import { MAX_ADJUSTMENT } from '../../../domain/stats/cellkey';
import { useSection } from '../../hooks/resources';
import { useLocalisedLabels } from '../charts/localNames';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { ChartFrame } from '../charts/ChartFrame';
import { GroupedBar } from '../charts/GroupedBar';
import { WorldMap } from '../charts/WorldMap';
import { useNumbers } from '../charts/useNumbers';
import { WORLD_SHAPES, shapeIdOfAlpha2 } from '../charts/worldShapes';
import { PageToolbar } from './PageToolbar';
import { CensusUploadForm } from './CensusUploadForm';

type Shown = Extract<ComparedMutualityPillar, { status: 200 }>;

/** The paired bars show at most this many categories (largest census share first); the table has them all. */
const TOP = 8;
/** The diverging bar draws the categories with the largest gaps. */
const DIVERGING_MAX = 12;

const score3 = (value: number | null) => (value === null ? null : value.toFixed(2));

/** Office, table, year, licence and where the figures were read; an estimate (CLDR) says it is not a census. */
const SourceNote = ({ source }: { source: MutualitySource }) => {
  const { t } = useTranslation();
  return (
    <dl className="mutuality-source" data-kind={source.kind}>
      <dt>{t('mutuality_source')}</dt>
      <dd>
        <strong className="mutuality-kind">{source.kind === 'estimate' ? t('mutuality_kind_estimate') : t('mutuality_kind_census')}</strong>: {source.name} ({source.publisher}){source.urls[0] !== undefined && <> · <a href={source.urls[0]} target="_blank" rel="noreferrer">{source.urls[0].replace(/^https?:\/\//, '').split('/')[0]}</a></>}
      </dd>
      {source.year !== null && (
        <>
          <dt>{t('mutuality_year')}</dt>
          <dd>{source.year}</dd>
        </>
      )}
      <dt>{t('mutuality_licence')}</dt>
      <dd>
        <a href={source.licence.url} target="_blank" rel="noreferrer">{source.licence.name}</a>
      </dd>
      <dt>{t('mutuality_table')}</dt>
      <dd className="mutuality-table">{source.table}</dd>
      <dt>{t('mutuality_read_from')}</dt>
      <dd>{source.readFrom}</dd>
      <dt>{t('mutuality_measure')}</dt>
      <dd>{source.measure}</dd>
      {source.note !== null && <dd className="muted">{source.note}</dd>}
    </dl>
  );
};

const labelOf = (value: MutualityValue, other: string) => (value.key === 'other' ? other : value.label);
/** lang="en" for a census category the server could not name in the page's language. */
const langOf = (value: MutualityValue): 'en' | undefined => (value.untranslated === true ? 'en' : undefined);
// The mark travels with the cell, as localiseLabels' does, for the charts to say it in English.
const cellOf = (value: MutualityValue, other: string, percent: number): ReleasedCell =>
  ({ key: value.key, label: labelOf(value, other), count: 0, percent, ...(value.untranslated === true ? { untranslated: true } : {}) }) as ReleasedCell;

/** Over- and under-representation: a bar from the middle line per category, gap in points (the shares themselves are in the paired bars' table). */
const DivergingBar = ({ title, values, other }: { title: string; values: readonly MutualityValue[]; other: string }) => {
  const { t } = useTranslation();
  const WIDTH = 480;
  const LABEL_W = 150;
  const ROW = 18;
  const plot = WIDTH - LABEL_W - 40;
  const max = Math.max(1, ...values.map((value) => Math.abs(value.gap)));
  const middle = LABEL_W + plot / 2;
  const half = plot / 2;
  // The largest gaps, over-represented first; the table lists every category.
  const drawn = [...values].sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap)).slice(0, DIVERGING_MAX).sort((a, b) => b.gap - a.gap);
  const height = drawn.length * ROW + 24;
  const signed = (gap: number) => `${gap > 0 ? '+' : ''}${gap.toFixed(1)}`;
  const summary = drawn.map((value) => `${labelOf(value, other)} ${signed(value.gap)}`).join('; ');
  const table = (
    <table className="chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('mutuality_col_value')}</th>
          <th scope="col">{t('mutuality_col_gap')}</th>
          <th scope="col">{t('mutuality_col_ratio')}</th>
        </tr>
      </thead>
      <tbody>
        {values.map((value) => (
          <tr key={value.key}>
            <th scope="row">
              <span lang={langOf(value)}>{labelOf(value, other)}</span>
            </th>
            <td className="num">{signed(value.gap)}</td>
            <td className="num">{value.ratio === null ? '–' : value.ratio.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ChartFrame title={title} summary={summary} width={WIDTH} height={height} table={table}>
      <line x1={middle} x2={middle} y1={0} y2={drawn.length * ROW} stroke="#6b6b6b" />
      {drawn.map((value, i) => {
        const length = (Math.abs(value.gap) / max) * half;
        const over = value.gap >= 0;
        return (
          <g key={value.key} transform={`translate(0,${i * ROW})`} data-key={value.key}>
            <text x={LABEL_W - 6} y={ROW / 2} textAnchor="end" dominantBaseline="middle" className="chart-label" lang={langOf(value)}>
              <title>{labelOf(value, other)}</title>
              {labelOf(value, other).length > 22 ? `${labelOf(value, other).slice(0, 21)}…` : labelOf(value, other)}
            </text>
            <rect x={over ? middle : middle - length} y={3} width={Math.max(1, length)} height={ROW - 6} fill={over ? '#2563a3' : '#b35c00'}>
              <title>{`${labelOf(value, other)}: ${signed(value.gap)}`}</title>
            </rect>
            {/* A shortfall's figure sits right of the middle line, clear of the names. */}
            <text x={over ? middle + length + 4 : middle + 4} y={ROW / 2} textAnchor="start" dominantBaseline="middle" className="chart-value">
              {signed(value.gap)}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
};

/** Representation ratio breaks: well under, under, about even, over, well over. */
const RATIO_BREAKS = [0.5, 0.8, 1.25, 2] as const;
const RATIO_RAMP = ['#b35c00', '#e3a35c', '#c4c4c4', '#6fa4d4', '#123f78'] as const;

const RatioMap = ({ pillar, title, other }: { pillar: Shown; title: string; other: string }) => {
  const { t } = useTranslation();
  // Countries the organisation's figures do not list are left uncoloured, not drawn as "well under".
  const countries = pillar.values.filter((value) => value.key !== 'other' && value.ratio !== null && value.listed);
  const cells = countries.map((value) => cellOf(value, other, value.ratio!));
  const shapeOf = useCallback((key: string) => shapeIdOfAlpha2(key), []);
  const table = (
    <table className="chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('mutuality_col_value')}</th>
          <th scope="col">{t('mutuality_col_ratio')}</th>
        </tr>
      </thead>
      <tbody>
        {countries.map((value) => (
          <tr key={value.key}>
            <th scope="row" lang={langOf(value)}>{value.label}</th>
            <td className="num">{value.ratio!.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <WorldMap
      title={title}
      data={{ total: 0, multiple: false, cells }}
      shapes={WORLD_SHAPES}
      shapeOf={shapeOf}
      measure={{
        breaks: RATIO_BREAKS,
        ramp: RATIO_RAMP,
        legend: t('mutuality_col_ratio'),
        format: (value) => value.toFixed(2),
        said: (cell) => `${t('mutuality_col_ratio')} ${cell.percent.toFixed(2)}`,
        summary: countries.map((value) => `${value.label} ${value.ratio!.toFixed(2)}`).join('; '),
        table,
      }}
    />
  );
};

const PillarCard = ({ pillar, organisation }: { pillar: ComparedMutualityPillar; organisation: string }) => {
  const { t } = useTranslation();
  const name = t(`compare_pillar.${pillar.pillar}`);
  const other = t('mutuality_other');
  if (pillar.status !== 200) {
    return (
      <section className="card stat-card" aria-label={name} data-pillar={pillar.pillar}>
        <h2>{name}</h2>
        <p className="stat-withheld">{pillar.message}</p>
        <SourceNote source={pillar.source} />
      </section>
    );
  }
  const top = [...pillar.values].sort((a, b) => Math.max(b.census, b.share) - Math.max(a.census, a.share)).slice(0, TOP);
  const series = [
    // A category the organisation's figures do not list reads "not listed", never 0.0%.
    { label: organisation, cells: top.filter((value) => value.listed).map((value) => cellOf(value, other, value.share)) },
    // CLDR's shares are an estimate: never labelled as a census.
    { label: pillar.source.kind === 'estimate' ? t('mutuality_kind_estimate') : t('mutuality_census'), cells: top.map((value) => cellOf(value, other, value.census)) },
  ];
  return (
    <section className="card stat-card wide" aria-label={name} data-pillar={pillar.pillar}>
      <h2>{name}</h2>
      <p className="mutuality-score" data-score={pillar.score ?? ''}>
        {t('mutuality_score')}: <strong>{score3(pillar.score) ?? t('mutuality_no_score')}</strong>
        {pillar.coverage !== null && <span className="muted"> · {t('mutuality_coverage', { value: pillar.coverage })}</span>}
        {pillar.rest === 'none' && pillar.classified !== null && <span className="muted"> · {t('mutuality_classified', { value: pillar.classified })}</span>}
      </p>
      <div className="chart-grid">
        <div>
          <h3>{t('mutuality_paired')}</h3>
          <GroupedBar title={`${name}: ${t('mutuality_paired')}`} series={series} sharesOnly />
        </div>
        <div>
          <h3>{t('mutuality_diverging')}</h3>
          <DivergingBar title={`${name}: ${t('mutuality_diverging')}`} values={pillar.values.filter((value) => value.listed)} other={other} />
        </div>
      </div>
      {pillar.pillar === 'country' && (
        <div className="mutuality-map">
          <h3>{t('mutuality_map')}</h3>
          <RatioMap pillar={pillar} title={t('mutuality_map')} other={other} />
        </div>
      )}
      <SourceNote source={pillar.source} />
      <p className="stat-note">{t('stat_adjusted', { d: MAX_ADJUSTMENT })}</p>
    </section>
  );
};

/** Topics the country's census has no official figures for: said, never filled from elsewhere. */
const MissingTopics = ({ missing }: { missing: readonly MutualityMissing[] }) => {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <section className="card stat-card wide mutuality-missing" aria-labelledby="mutuality-missing">
      <h2 id="mutuality-missing">{t('mutuality_missing_title')}</h2>
      <ul>
        {missing.map((gap) => (
          <li key={gap.pillar} data-pillar={gap.pillar} data-reason={gap.reason}>
            {t(gap.reason === 'not-collected' ? 'mutuality_missing_not_collected' : 'mutuality_missing_not_found', { pillar: t(`compare_pillar.${gap.pillar}`), census: gap.census })}
          </li>
        ))}
      </ul>
    </section>
  );
};

const Results = ({ data, onExport }: { data: MutualityData; onExport: (() => void) | null }) => {
  const { t } = useTranslation();
  const n = useNumbers();
  const overallName = overallScoreName(data.pillars, MUTUALITY_PILLARS, {
    overall: t('mutuality_overall'),
    only: (pillars) => t('mutuality_score_only', { pillars }),
    estimate: t('mutuality_kind_estimate'),
    pillar: (pillar) => t(`compare_pillar.${pillar}` as 'compare_pillar.language'),
    separator: ', ',
  });
  return (
    <>
      <section className="card stat-card wide" aria-labelledby="mutuality-summary">
        <h2 id="mutuality-summary">{t('mutuality_title', { dataset: data.pillars[0]?.source.name ?? data.country.name })}</h2>
        <p className="mutuality-overall" data-score={data.overall ?? ''}>
          {overallName}: <strong>{score3(data.overall) ?? t('mutuality_no_score')}</strong>
        </p>
        <p className="field-help">{t('mutuality_score_help')}</p>
        <table className="chart-table">
          <caption>{t('mutuality_score')}</caption>
          <tbody>
            <tr>
              <th scope="row">{t('mutuality_respondents')}</th>
              <td className="num">{n.count(data.respondents)} <span className="muted">({data.label})</span></td>
            </tr>
            {data.pillars.map((pillar) => (
              <tr key={pillar.pillar}>
                <th scope="row">{t(`compare_pillar.${pillar.pillar}`)}</th>
                <td className="num">{pillar.status === 200 ? (score3(pillar.score) ?? t('mutuality_no_score')) : pillar.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {onExport !== null && (
          <Button className="button secondary" onPress={onExport}>
            {t('mutuality_export')}
          </Button>
        )}
        <p className="stat-note">{t('stat_adjusted', { d: MAX_ADJUSTMENT })}</p>
      </section>
      {data.pillars.map((pillar) => (
        <PillarCard key={pillar.pillar} pillar={pillar} organisation={data.label} />
      ))}
      <MissingTopics missing={data.missing} />
    </>
  );
};

/** Compare → External: the organisation (or a group) against a country's census (mutuality/*). */
export const CompareExternalPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const organizationId = useSelector((state) => state.session.organization?.id ?? null);
  // Administrators choose which census their organisation is compared with (the server checks too).
  const loadsCensus = useSelector((state) => state.session.user?.role === 'admin' || state.session.user?.role === 'second_admin');
  const countries = useSection('mutualityCountries');
  const groups = useSection('selectionGroups');
  const [country, setCountry] = useState<string | null>(null);
  const [group, setGroup] = useState<string>(WHOLE_ORGANIZATION);
  const chosen = country ?? String(countries.data?.find((item) => item.code === 'AU')?.id ?? countries.data?.[0]?.id ?? '');
  const whole = group === WHOLE_ORGANIZATION;
  const organisation = useSection('mutualityData', { country_id: chosen }, page, chosen !== '' && whole);
  const selection = useSection('mutualityCompareData', { country_id: chosen, group }, page, chosen !== '' && !whole);
  const result = whole ? organisation : selection;
  const localised = useLocalisedLabels(result.data, false);
  const countryChoices = useMemo(() => (countries.data ?? []).map((item) => ({ id: String(item.id), name: item.year === null ? item.name : `${item.name} (${item.dataset})` })), [countries.data]);
  const groupChoices = [{ id: WHOLE_ORGANIZATION, name: t('compare_whole_organisation'), depth: 0 }, ...choicesOfTree(groups.data ?? [])];
  const onExport = whole && organizationId !== null && chosen !== '' ? () => dispatch({ type: 'mutuality/downloadExcel', organizationId, countryId: chosen }) : null;
  return (
    <div className="dashboard-page">
      <PageToolbar panel="compare" />
      <div className="card compare-form">
        <p className="field-help">{t('mutuality_help')}</p>
        <div className="compare-selections">
          <ChoiceSelect look="toolbar" label={t('mutuality_country')} name="country" value={chosen === '' ? null : chosen} items={countryChoices} onChange={setCountry} placeholder={t('mutuality_choose_country')} />
          <ChoiceSelect look="toolbar" label={t('compare_group')} name="group" value={group} items={groupChoices} onChange={setGroup} />
        </div>
      </div>
      <SectionResult section={result} data={localised} className="compare-results mutuality-results">
        {(data) => <Results data={data} onExport={onExport} />}
      </SectionResult>
      {loadsCensus && <CensusUploadForm />}
    </div>
  );
};
