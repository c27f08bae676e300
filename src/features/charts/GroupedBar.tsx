import { scaleBand, scaleLinear } from 'd3-scale';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { HiddenFigure } from './ChartTable';
import { fallbackLang } from './localNames';
import { cutLabels, distinctLabels, labelRoom } from './format';
import { useNumbers } from './useNumbers';
import { paletteColour } from './palette';

export interface Series {
  readonly label: string;
  /** null: the selection's figure is withheld. */
  readonly cells: readonly StatCell[] | null;
}

const WIDTH = 480;
const LABEL_W = 110;
const BAR = 12;
const GAP = 10;
const LEGEND_ROW = 20;

/** The values any series lists, in the order they first appear. */
export const categoriesOf = (series: readonly Series[]): { key: string; label: string; lang?: 'en' }[] => {
  const seen = new Map<string, { key: string; label: string; lang?: 'en' }>();
  for (const one of series) {
    for (const cell of one.cells ?? []) {
      // A name still in English (localiseLabels' mark) is said in English.
      const lang = fallbackLang(cell);
      if (!seen.has(cell.key)) seen.set(cell.key, { key: cell.key, label: cell.label, ...(lang === undefined ? {} : { lang }) });
    }
  }
  return [...seen.values()];
};

const cellAt = (one: Series, key: string): StatCell | undefined => one.cells?.find((cell) => cell.key === key);

/**
 * One question for several selections: per value, a bar per selection of its share, so groups
 * of different sizes compare. A value a selection does not list has no bar (it is not zero:
 * the table says so).
 */
export const GroupedBar = ({ title, series, sharesOnly = false }: { title: string; series: readonly Series[]; /** Shares of two sources (no counts to tell). */ sharesOnly?: boolean }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  const formatPercent = n.percent;
  // Right to left, the picture mirrors: names on the right, bars growing to the left.
  const rtl = productLanguage(language).dir === 'rtl';
  const across = (x: number, w = 0) => (rtl ? WIDTH - x - w : x);
  const categories = categoriesOf(series);
  const band = series.length * BAR + GAP;
  const plot = WIDTH - LABEL_W - 50;
  const y = scaleBand<string>().domain(categories.map((c) => c.key)).range([0, categories.length * band]);
  const max = Math.max(1, ...series.flatMap((one) => (one.cells ?? []).map((cell) => (isSuppressed(cell) ? 0 : cell.percent))));
  const x = scaleLinear().domain([0, max]).range([0, plot]);
  const legendTop = categories.length * band + 6;
  const height = legendTop + Math.ceil(series.length / 3) * LEGEND_ROW + 6;
  const summary = series
    .map((one) => {
      const shown = (one.cells ?? []).filter((cell) => !isSuppressed(cell)) as { label: string; percent: number }[];
      const largest = [...shown].sort((a, b) => b.percent - a.percent)[0];
      return largest ? `${one.label}: ${largest.label} ${formatPercent(largest.percent)}` : `${one.label}: ${t('chart_no_figures')}`;
    })
    .join('; ');
  // Cut as far as the room asks, never so that two read the same (the legend's entries are 120 px apart).
  const categoryShort = distinctLabels(categories.map((c) => c.label), labelRoom(LABEL_W));
  const seriesShort = distinctLabels(series.map((one) => one.label), labelRoom(120 - 16));
  const table = (
    <table className="chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('chart_col_name')}</th>
          {series.map((one, i) => (
            <th key={i} scope="col">{one.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((category) => (
          <tr key={category.key}>
            <th scope="row" lang={category.lang}>{category.label}</th>
            {series.map((one, i) => {
              const cell = cellAt(one, category.key);
              return (
                <td key={i} className="num">
                  {one.cells === null ? t('compare_withheld_short') : cell === undefined ? t('compare_not_listed') : isSuppressed(cell) ? <HiddenFigure threshold={cell.threshold} /> : sharesOnly ? formatPercent(cell.percent) : `${n.count(cell.count)} (${formatPercent(cell.percent)})`}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ChartFrame title={title} summary={summary} width={WIDTH} height={height} table={table} cut={[...cutLabels(categories.map((c) => c.label), categoryShort), ...cutLabels(series.map((one) => one.label), seriesShort)]}>
      {categories.map((category, index) => (
        <g key={category.key} transform={`translate(0,${y(category.key) ?? 0})`} data-key={category.key}>
          <text x={across(LABEL_W - 6)} y={(series.length * BAR) / 2} textAnchor={rtl ? 'start' : 'end'} dominantBaseline="middle" className="chart-label" lang={category.lang}>
            <title>{category.label}</title>
            {categoryShort[index]}
          </text>
          {series.map((one, i) => {
            const cell = cellAt(one, category.key);
            if (cell === undefined || isSuppressed(cell)) return null;
            return (
              <g key={i}>
                <rect x={across(LABEL_W, Math.max(1, x(cell.percent)))} y={i * BAR} width={Math.max(1, x(cell.percent))} height={BAR - 2} fill={paletteColour(i)}>
                  <title>{sharesOnly ? `${one.label}, ${category.label}: ${formatPercent(cell.percent)}` : `${one.label}, ${category.label}: ${n.count(cell.count)} (${formatPercent(cell.percent)})`}</title>
                </rect>
                <text x={across(LABEL_W + x(cell.percent) + 4)} y={i * BAR + (BAR - 2) / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-value">
                  {formatPercent(cell.percent)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
      <g transform={`translate(0,${legendTop})`}>
        {series.map((one, i) => (
          <g key={i} transform={`translate(${across(LABEL_W + (i % 3) * 120)},${Math.floor(i / 3) * LEGEND_ROW})`} className="legend-item">
            <title>{one.label}</title>
            <rect x={rtl ? -12 : 0} width="12" height="12" fill={paletteColour(i)} />
            <text x={rtl ? -16 : 16} y="6" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label">{seriesShort[i]}</text>
          </g>
        ))}
      </g>
    </ChartFrame>
  );
};
