import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type CrossTable, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { CrossChartTable } from './ChartTable';
import { cutLabels, distinctLabels, labelRoom } from './format';
import { useNumbers } from './useNumbers';
import { HATCH_ID, codeOf, colourFor, edgeFor } from './palette';

const ROW = 24;
const AXIS_W = 70;
const WIDTH = 520;
const LEGEND_ROW = 20;

/**
 * Gender by age band: rows are age bands (youngest first, drawn at the bottom), columns are
 * genders. The first gender grows to the left; the others stack to the right, so nobody is
 * left out of the picture when there are more than two. Hidden cells draw a short hatched stub:
 * they are there, their size is not told. Right to left the sides swap: the first gender grows
 * from the axis towards the right, where an Arabic reader starts, and the others to the left.
 */
export const Pyramid = ({ title, data }: { title: string; data: CrossTable }) => {
  const { t, language } = useTranslation();
  const numbers = useNumbers();
  const rtl = productLanguage(language).dir === 'rtl';
  const across = (x: number, w = 0) => (rtl ? WIDTH - x - w : x);
  const side = (WIDTH - AXIS_W) / 2 - 10;
  const pct = (c: StatCell | undefined) => (c && !isSuppressed(c) ? c.percent : 0);
  const right = (row: readonly StatCell[]) => row.slice(1).reduce((s, c) => s + pct(c), 0);
  const max = Math.max(1, ...data.cells.map((row) => Math.max(pct(row[0]), right(row))));
  // Both sides share one linear scale, so a bar's length means the same share left and right.
  const scale = scaleLinear().domain([0, max]).range([0, side]);
  const stub = 14;
  const n = data.rows.length;
  // Youngest band at the bottom: the band scale runs upwards.
  const band = scaleBand<number>().domain(data.rows.map((_, i) => i)).range([n * ROW, 0]).paddingInner(6 / ROW).paddingOuter(3 / ROW);
  // The genders after the first stack to the right; a hidden cell takes a stub's room, its size untold.
  const rightColumns = data.columns.slice(1).map((_, k) => k + 1);
  const rightStack = stack<readonly StatCell[], number>()
    .keys(rightColumns)
    .value((row, j) => {
      const cell = row[j];
      return !cell ? 0 : isSuppressed(cell) ? scale.invert(stub) : cell.percent;
    })(data.cells);
  const legendTop = n * ROW + 10;
  const height = legendTop + Math.ceil(data.columns.length / 4) * LEGEND_ROW + 10;
  const cx = WIDTH / 2;
  const rowShort = distinctLabels(data.rows.map((r) => r.label), labelRoom(AXIS_W));
  const columnShort = distinctLabels(data.columns.map((c) => c.label), labelRoom(125 - 16));
  const header = (j: number) => ({ key: data.columns[j]?.key ?? '', label: data.columns[j]?.label, code: codeOf(data.columns[j]), preferNot: data.columnTotals[j]?.preferNot });
  const summary = data.rows
    .map((r, i) => `${r.label}: ${data.columns.map((c, j) => {
      const cell = data.cells[i]?.[j];
      return `${c.label} ${!cell ? '' : isSuppressed(cell) ? t('chart_hidden', { k: cell.threshold }) : numbers.percent(cell.percent)}`;
    }).join(', ')}`)
    .join('; ');
  return (
    <ChartFrame title={title} summary={summary} width={WIDTH} height={height} table={<CrossChartTable caption={title} table={data} />}
      cut={[...cutLabels(data.rows.map((r) => r.label), rowShort), ...cutLabels(data.columns.map((c) => c.label), columnShort)]}>
      {data.rows.map((r, i) => {
        const y = band(i) ?? 0;
        const h = band.bandwidth();
        const row = data.cells[i] ?? [];
        const left = row[0];
        return (
          <g key={r.key} transform={`translate(0,${y})`} className="pyramid-row" data-key={r.key}>
            <text x={cx} y={h / 2} textAnchor="middle" dominantBaseline="middle" className="chart-label">
              <title>{r.label}</title>
              {rowShort[i]}
            </text>
            {left && (isSuppressed(left) ? (
              <rect x={across(cx - AXIS_W / 2 - stub, stub)} y={0} width={stub} height={h} fill={`url(#${HATCH_ID})`} stroke="#6b6b6b" data-hidden="true">
                <title>{`${r.label}, ${data.columns[0]?.label}: ${t('chart_hidden', { k: left.threshold })}`}</title>
              </rect>
            ) : (
              <rect x={across(cx - AXIS_W / 2 - scale(left.percent), scale(left.percent))} y={0} width={scale(left.percent)} height={h} fill={colourFor(header(0), 0, true)} stroke={edgeFor(colourFor(header(0), 0, true))}>
                <title>{`${r.label}, ${data.columns[0]?.label}: ${numbers.count(left.count)} (${numbers.percent(left.percent)})`}</title>
              </rect>
            ))}
            {row.slice(1).map((c, k) => {
              const j = k + 1;
              const [from, to] = rightStack[k]?.[i] ?? [0, 0];
              const hidden = isSuppressed(c);
              return (
                <rect key={data.columns[j]?.key ?? j} x={across(cx + AXIS_W / 2 + scale(from), scale(to) - scale(from))} y={0} width={scale(to) - scale(from)} height={h}
                  fill={hidden ? `url(#${HATCH_ID})` : colourFor(header(j), j, true)}
                  stroke={hidden ? '#6b6b6b' : edgeFor(colourFor(header(j), j, true), '#fff')} data-hidden={hidden || undefined}>
                  <title>{`${r.label}, ${data.columns[j]?.label}: ${hidden ? t('chart_hidden', { k: c.threshold }) : `${numbers.count(c.count)} (${numbers.percent(c.percent)})`}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
      <g transform={`translate(0,${legendTop})`}>
        {data.columns.map((c, j) => (
          <g key={c.key} transform={`translate(${across(10 + (j % 4) * 125)},${Math.floor(j / 4) * LEGEND_ROW})`} className="legend-item">
            <title>{c.label}</title>
            <rect x={rtl ? -12 : 0} width="12" height="12" fill={colourFor(header(j), j, true)} stroke={edgeFor(colourFor(header(j), j, true))} />
            <text x={rtl ? -16 : 16} y="6" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label">{columnShort[j]}</text>
          </g>
        ))}
      </g>
    </ChartFrame>
  );
};
