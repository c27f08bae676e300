import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame, NARROW_CHART } from './ChartFrame';
import { HiddenFigure } from './ChartTable';
import { fallbackLang } from './localNames';
import type { CutLabel } from './format';
import { along, fitLabel, hiddenNote, hiddenValuesOf, lettersIn, seriesColour, valueAxis } from '../../../domain/charts';
import { AXIS_HEIGHT, AxisMarks, Legend, legendLayout } from './Axis';
import { LINE } from './Bar';
import { useNumbers } from './useNumbers';

export interface Series {
  readonly label: string;
  /** null: the selection's figure is withheld. */
  readonly cells: readonly StatCell[] | null;
}

const BAR = 16;
const GAP = 10;
const VALUE_W = 58;

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
 * of different sizes compare, on one value axis; values largest first (by the first selection).
 * A value a selection does not list, or hides, has no bar (it is not zero: the table says so,
 * and the chart says once how many are hidden). Narrow, each value's name stands above its bars.
 */
export const GroupedBar = ({ title, series, sharesOnly = false }: { title: string; series: readonly Series[]; /** Shares of two sources (no counts to tell). */ sharesOnly?: boolean }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  const formatPercent = n.percent;
  // Right to left, the picture mirrors: names on the right, bars growing to the left.
  const rtl = productLanguage(language).dir === 'rtl';
  const shareIn = (one: Series | undefined, key: string) => {
    const cell = one ? cellAt(one, key) : undefined;
    return cell === undefined || isSuppressed(cell) ? -1 : cell.percent;
  };
  const categories = [...categoriesOf(series)].sort((a, b) => shareIn(series[0], b.key) - shareIn(series[0], a.key) || a.label.localeCompare(b.label));
  const axis = valueAxis(Math.max(0, ...series.flatMap((one) => (one.cells ?? []).map((cell) => (isSuppressed(cell) ? 0 : cell.percent)))));
  const hidden = hiddenValuesOf(series.flatMap((one) => one.cells ?? []));
  const legendEntries = series.map((one, i) => ({ key: String(i), label: one.label, colour: seriesColour(i) }));
  const summary = series
    .map((one) => {
      const shown = (one.cells ?? []).filter((cell) => !isSuppressed(cell)) as { label: string; percent: number }[];
      const largest = [...shown].sort((a, b) => b.percent - a.percent)[0];
      return largest ? `${one.label}: ${largest.label} ${formatPercent(largest.percent)}` : `${one.label}: ${t('chart_no_figures')}`;
    })
    .join('; ');
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
  const draw = (width: number) => {
    const across = (x: number, w = 0) => (rtl ? width - x - w : x);
    const narrow = width < NARROW_CHART;
    const labelW = narrow ? width : Math.min(200, Math.max(110, Math.round(width * 0.3)));
    const from = narrow ? 2 : labelW;
    const plot = width - from - VALUE_W;
    const room = lettersIn(labelW - 8);
    const cut: CutLabel[] = [];
    const barsHeight = series.length * BAR;
    let y = 4;
    const rows = categories.map((category) => {
      const label = fitLabel(category.label, room, 2);
      if (label.cut) cut.push({ shown: label.lines.join(' '), full: category.label });
      const labelHeight = label.lines.length * LINE;
      const top = y;
      const barsTop = narrow ? top + labelHeight + 2 : top + Math.max(0, (labelHeight - barsHeight) / 2);
      const rowHeight = narrow ? labelHeight + 2 + barsHeight : Math.max(labelHeight, barsHeight);
      y += rowHeight + GAP;
      return { category, label, top, barsTop, rowHeight };
    });
    const bottom = Math.max(y - GAP + 4, 8);
    const legendTop = bottom + AXIS_HEIGHT + 4;
    const legend = legendLayout(legendEntries, width);
    const body = (
      <>
        <AxisMarks axis={axis} from={from} plot={plot} top={0} bottom={bottom} rtl={rtl} width={width} />
        {rows.map(({ category, label, top, barsTop, rowHeight }) => {
          const labelY = narrow ? top + LINE / 2 : top + (rowHeight - label.lines.length * LINE) / 2 + LINE / 2;
          return (
            <g key={category.key} data-key={category.key}>
              <text x={narrow ? across(from) : across(labelW - 8)} y={labelY} textAnchor={narrow ? (rtl ? 'end' : 'start') : rtl ? 'start' : 'end'} className="chart-label" lang={category.lang}>
                <title>{category.label}</title>
                {label.lines.map((line, i) => (
                  <tspan key={i} x={narrow ? across(from) : across(labelW - 8)} dy={i === 0 ? 0 : LINE} dominantBaseline="middle">{line}</tspan>
                ))}
              </text>
              {series.map((one, i) => {
                const cell = cellAt(one, category.key);
                if (cell === undefined || isSuppressed(cell)) return null;
                const w = Math.max(1, along(axis, cell.percent) * plot);
                const barY = barsTop + i * BAR;
                return (
                  <g key={i}>
                    <rect x={across(from, w)} y={barY} width={w} height={BAR - 2} fill={seriesColour(i)}>
                      <title>{sharesOnly ? `${one.label}, ${category.label}: ${formatPercent(cell.percent)}` : `${one.label}, ${category.label}: ${n.count(cell.count)} (${formatPercent(cell.percent)})`}</title>
                    </rect>
                    <text x={across(from + w + 4)} y={barY + (BAR - 2) / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-value">
                      {formatPercent(cell.percent)}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
        <Legend entries={legendEntries} width={width} top={legendTop} rtl={rtl} />
      </>
    );
    return { height: legendTop + legend.height + 4, body, cut };
  };
  return <ChartFrame title={title} summary={summary} table={table} draw={draw} notes={[hiddenNote(hidden, t)]} />;
};
