import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type CrossTable, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { CrossChartTable } from './ChartTable';
import { cutLabels, distinctLabels, labelRoom, numberFormats, type NumberFormats } from './format';
import { useNumbers } from './useNumbers';
import { HATCH_ID, codeOf, colourFor, edgeFor } from './palette';
import { summarize } from './summary';

const ROW = 30;
const LABEL_W = 110;
const WIDTH = 480;
const LEGEND_ROW = 20;

export interface Segment {
  readonly key: string;
  readonly x: number;
  readonly w: number;
  readonly hidden: boolean;
  readonly fill: string;
  readonly title: string;
}

/**
 * A row's segments scaled to `width`, each share of the row; whatever the released cells leave
 * of the row's total is one hatched segment. A hidden row total hatches the whole row.
 */
export const rowSegments = (
  cells: readonly StatCell[], rowTotal: StatCell | undefined, width: number, columns: CrossTable['columns'], genders: boolean,
  hiddenText: (k: number) => string, n: NumberFormats = numberFormats('au'),
): Segment[] => {
  const rowPercent = rowTotal && !isSuppressed(rowTotal) ? rowTotal.percent : null;
  const released = cells.reduce((s, c) => s + (isSuppressed(c) ? 0 : c.percent), 0);
  const whole = rowPercent ?? released;
  if (whole <= 0 || (rowTotal && isSuppressed(rowTotal))) {
    const k = rowTotal && isSuppressed(rowTotal) ? rowTotal.threshold : 0;
    return [{ key: 'hidden', x: 0, w: width, hidden: true, fill: `url(#${HATCH_ID})`, title: hiddenText(k) }];
  }
  // d3's stack lays the released cells end to end (a hidden one takes no room); a linear scale
  // turns the row's whole into the bar's width.
  const layers = stack<readonly StatCell[], number>()
    .keys(cells.map((_, j) => j))
    .value((row, j) => {
      const cell = row[j];
      return cell && !isSuppressed(cell) ? cell.percent : 0;
    })([cells]);
  const x = scaleLinear().domain([0, Math.max(whole, released)]).range([0, width]);
  const segs: Segment[] = layers.flatMap((layer) => {
    const j = layer.key;
    const c = cells[j];
    if (!c || isSuppressed(c)) return [];
    const [start, end] = layer[0] ?? [0, 0];
    const column = columns[j];
    return [{
      key: column?.key ?? String(j), x: x(start), w: x(end) - x(start), hidden: false,
      fill: colourFor({ key: column?.key ?? '', label: column?.label, code: codeOf(column), preferNot: c.preferNot }, j, genders),
      title: `${column?.label ?? ''}: ${n.count(c.count)} (${n.percent(c.percent)})`,
    }];
  });
  const end = x(released);
  const firstHidden = cells.find(isSuppressed);
  if (firstHidden && width - end > 0.5) {
    segs.push({ key: 'hidden', x: end, w: width - end, hidden: true, fill: `url(#${HATCH_ID})`, title: hiddenText(firstHidden.threshold) });
  }
  return segs;
};

/** Rows by columns: one bar per row, split by column (e.g. position level by gender). */
export const StackedBar = ({ title, data, genders = false, max }: { title: string; data: CrossTable; genders?: boolean; max?: number }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left, the picture mirrors: names on the right, each bar filling from the right.
  const rtl = productLanguage(language).dir === 'rtl';
  const across = (x: number, w = 0) => (rtl ? WIDTH - x - w : x);
  const plot = WIDTH - LABEL_W - 10;
  // Capped: the largest rows by their total; rows whose total is hidden come last. The table has every row.
  const order = data.rows.map((_, i) => i);
  const share = (i: number) => {
    const total = data.rowTotals[i];
    return total && !isSuppressed(total) ? total.percent : -1;
  };
  const shown = max === undefined ? order : [...order].sort((a, b) => share(b) - share(a)).slice(0, max);
  const more = data.rows.length - shown.length;
  const rowAt = scaleBand<number>().domain(shown).range([0, shown.length * ROW]).paddingInner(8 / ROW).paddingOuter(4 / ROW);
  const legendTop = shown.length * ROW + 10 + (more > 0 ? LEGEND_ROW : 0);
  const height = legendTop + Math.ceil(data.columns.length / 3) * LEGEND_ROW + 10;
  const hiddenText = (k: number) => t('chart_hidden', { k });
  const rowShort = distinctLabels(shown.map((i) => data.rows[i]?.label ?? ''), labelRoom(LABEL_W));
  const columnShort = distinctLabels(data.columns.map((c) => c.label), labelRoom(120 - 16));
  return (
    <ChartFrame
      title={title}
      summary={summarize(data.rowTotals.map((c, i) => ({ ...c, label: data.rows[i]?.label ?? c.label })), t, n)}
      width={WIDTH}
      height={height}
      table={<CrossChartTable caption={title} table={data} />}
      cut={[...cutLabels(shown.map((i) => data.rows[i]?.label ?? ''), rowShort), ...cutLabels(data.columns.map((c) => c.label), columnShort)]}
    >
      {more > 0 && (
        <text x={across(LABEL_W)} y={shown.length * ROW + 12} textAnchor={rtl ? 'end' : 'start'} className="chart-note">{t('chart_more_in_table', { count: more })}</text>
      )}
      {shown.map((i) => ({ r: data.rows[i], i })).map(({ r, i }, k) => (
        <g key={r.key} transform={`translate(0,${rowAt(i) ?? 0})`} className="stack-row" data-key={r.key}>
          <text x={across(LABEL_W - 6)} y={rowAt.bandwidth() / 2} textAnchor={rtl ? 'start' : 'end'} dominantBaseline="middle" className="chart-label">
            <title>{r.label}</title>
            {rowShort[k]}
          </text>
          {rowSegments(data.cells[i] ?? [], data.rowTotals[i], plot, data.columns, genders, hiddenText, n).map((s) => (
            <rect key={s.key} x={across(LABEL_W + s.x, Math.max(0, s.w))} y={0} width={Math.max(0, s.w)} height={rowAt.bandwidth()} fill={s.fill} stroke={s.hidden ? '#6b6b6b' : edgeFor(s.fill, '#fff')} data-hidden={s.hidden || undefined}>
              <title>{`${r.label}, ${s.title}`}</title>
            </rect>
          ))}
        </g>
      ))}
      <g transform={`translate(0,${legendTop})`}>
        {data.columns.map((c, j) => (
          <g key={c.key} transform={`translate(${across(LABEL_W + (j % 3) * 120)},${Math.floor(j / 3) * LEGEND_ROW})`} className="legend-item">
            <title>{c.label}</title>
            <rect x={rtl ? -12 : 0} width="12" height="12" fill={colourFor({ ...c, preferNot: data.columnTotals[j]?.preferNot }, j, genders)} stroke={edgeFor(colourFor({ ...c, preferNot: data.columnTotals[j]?.preferNot }, j, genders))} />
            <text x={rtl ? -16 : 16} y="6" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label">{columnShort[j]}</text>
          </g>
        ))}
      </g>
    </ChartFrame>
  );
};
