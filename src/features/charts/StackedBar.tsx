import { useTranslation } from 'react-i18next';
import { isSuppressed, type CrossTable, type StatCell } from '../../../domain/contracts/stats';
import { ChartFrame } from './ChartFrame';
import { CrossChartTable } from './ChartTable';
import { formatPercent, truncate } from './format';
import { HATCH_ID, colourFor } from './palette';
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
  hiddenText: (k: number) => string,
): Segment[] => {
  const rowPercent = rowTotal && !isSuppressed(rowTotal) ? rowTotal.percent : null;
  const released = cells.reduce((s, c) => s + (isSuppressed(c) ? 0 : c.percent), 0);
  const whole = rowPercent ?? released;
  if (whole <= 0 || (rowTotal && isSuppressed(rowTotal))) {
    const k = rowTotal && isSuppressed(rowTotal) ? rowTotal.threshold : 0;
    return [{ key: 'hidden', x: 0, w: width, hidden: true, fill: `url(#${HATCH_ID})`, title: hiddenText(k) }];
  }
  const segs: Segment[] = [];
  let x = 0;
  cells.forEach((c, j) => {
    if (isSuppressed(c)) return;
    const w = (c.percent / Math.max(whole, released)) * width;
    segs.push({ key: columns[j]?.key ?? String(j), x, w, hidden: false, fill: colourFor({ key: columns[j]?.key ?? '', label: columns[j]?.label, preferNot: c.preferNot }, j, genders), title: `${columns[j]?.label ?? ''}: ${c.count} (${formatPercent(c.percent)})` });
    x += w;
  });
  const firstHidden = cells.find(isSuppressed);
  if (firstHidden && width - x > 0.5) {
    segs.push({ key: 'hidden', x, w: width - x, hidden: true, fill: `url(#${HATCH_ID})`, title: hiddenText(firstHidden.threshold) });
  }
  return segs;
};

/** Rows by columns: one bar per row, split by column (e.g. position level by gender). */
export const StackedBar = ({ title, data, genders = false, max }: { title: string; data: CrossTable; genders?: boolean; max?: number }) => {
  const { t } = useTranslation();
  const plot = WIDTH - LABEL_W - 10;
  // Capped: the largest rows by their total; rows whose total is hidden come last. The table has every row.
  const order = data.rows.map((_, i) => i);
  const share = (i: number) => {
    const total = data.rowTotals[i];
    return total && !isSuppressed(total) ? total.percent : -1;
  };
  const shown = max === undefined ? order : [...order].sort((a, b) => share(b) - share(a)).slice(0, max);
  const more = data.rows.length - shown.length;
  const legendTop = shown.length * ROW + 10 + (more > 0 ? LEGEND_ROW : 0);
  const height = legendTop + Math.ceil(data.columns.length / 3) * LEGEND_ROW + 10;
  const hiddenText = (k: number) => t('chart_hidden', { k });
  return (
    <ChartFrame
      title={title}
      summary={summarize(data.rowTotals.map((c, i) => ({ ...c, label: data.rows[i]?.label ?? c.label })), t)}
      width={WIDTH}
      height={height}
      table={<CrossChartTable caption={title} table={data} />}
    >
      {more > 0 && (
        <text x={LABEL_W} y={shown.length * ROW + 12} className="chart-note">{t('chart_more_in_table', { count: more })}</text>
      )}
      {shown.map((i, position) => ({ r: data.rows[i], i, position })).map(({ r, i, position }) => (
        <g key={r.key} transform={`translate(0,${position * ROW})`} className="stack-row" data-key={r.key}>
          <text x={LABEL_W - 6} y={ROW / 2} textAnchor="end" dominantBaseline="middle" className="chart-label">
            <title>{r.label}</title>
            {truncate(r.label)}
          </text>
          {rowSegments(data.cells[i] ?? [], data.rowTotals[i], plot, data.columns, genders, hiddenText).map((s) => (
            <rect key={s.key} x={LABEL_W + s.x} y={4} width={Math.max(0, s.w)} height={ROW - 8} fill={s.fill} stroke={s.hidden ? '#6b6b6b' : '#fff'} data-hidden={s.hidden || undefined}>
              <title>{`${r.label}, ${s.title}`}</title>
            </rect>
          ))}
        </g>
      ))}
      <g transform={`translate(${LABEL_W},${legendTop})`}>
        {data.columns.map((c, j) => (
          <g key={c.key} transform={`translate(${(j % 3) * 120},${Math.floor(j / 3) * LEGEND_ROW})`}>
            <title>{c.label}</title>
            <rect width="12" height="12" fill={colourFor({ ...c, preferNot: data.columnTotals[j]?.preferNot }, j, genders)} />
            <text x="16" y="6" dominantBaseline="middle" className="chart-label">{truncate(c.label)}</text>
          </g>
        ))}
      </g>
    </ChartFrame>
  );
};
