import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type CrossTable } from '../../../domain/contracts/stats';
import { along, crossChart, edgeColourFor, fitLabel, hiddenNote, lettersIn, type PyramidChart } from '../../../domain/charts';
import { productLanguage } from '../../../domain/i18n/languages';
import { AXIS_HEIGHT, AxisMarks, Legend, legendLayout } from './Axis';
import { ChartFrame } from './ChartFrame';
import { CrossChartTable } from './ChartTable';
import type { CutLabel } from './format';
import { useNumbers } from './useNumbers';

const ROW = 24;
const AXIS_W = 70;

/**
 * Gender by age band from the shared chart definition: rows are age bands (youngest at the
 * bottom), the first gender grows to the left of the middle, the others stack to the right,
 * all on one value axis. A hidden cell has no bar (its size is not told): the chart says once
 * how many are hidden, and the table lists each. Right to left the sides swap.
 */
export const Pyramid = ({ title, data }: { title: string; data: CrossTable }) => {
  const { t, language } = useTranslation();
  const numbers = useNumbers();
  const rtl = productLanguage(language).dir === 'rtl';
  const model = crossChart(data, { layout: 'pyramid', genders: true }) as PyramidChart;
  const summary = data.rows
    .map((r, i) => `${r.label}: ${data.columns.map((c, j) => {
      const cell = data.cells[i]?.[j];
      return `${c.label} ${!cell ? '' : isSuppressed(cell) ? t('chart_hidden', { k: cell.threshold }) : numbers.percent(cell.percent)}`;
    }).join(', ')}`)
    .join('; ');
  const draw = (width: number) => {
    const across = (x: number, w = 0) => (rtl ? width - x - w : x);
    const cx = width / 2;
    const side = cx - AXIS_W / 2 - 6;
    const n = model.rows.length;
    const room = lettersIn(AXIS_W - 4);
    const cut: CutLabel[] = [];
    const legend = legendLayout(model.series, width);
    const plotBottom = n * ROW + 4;
    const legendTop = plotBottom + AXIS_HEIGHT + 6;
    const describe = (label: string, column: string, count: number, percent: number) => `${label}, ${column}: ${numbers.count(count)} (${numbers.percent(percent)})`;
    const body = (
      <>
        <AxisMarks axis={model.axis} from={cx - AXIS_W / 2} plot={side} top={0} bottom={plotBottom} rtl={rtl} width={width} direction={-1} />
        <AxisMarks axis={model.axis} from={cx + AXIS_W / 2} plot={side} top={0} bottom={plotBottom} rtl={rtl} width={width} />
        {model.rows.map((row, i) => {
          // Youngest band at the bottom.
          const y = (n - 1 - i) * ROW + 4;
          const h = ROW - 6;
          const label = fitLabel(row.label, room, 1);
          if (label.cut) cut.push({ shown: label.lines[0] ?? '', full: row.label });
          let stacked = 0;
          return (
            <g key={row.key} transform={`translate(0,${y})`} className="pyramid-row" data-key={row.key}>
              <text x={cx} y={h / 2} textAnchor="middle" dominantBaseline="middle" className="chart-label">
                <title>{row.label}</title>
                {label.lines[0]}
              </text>
              {row.left && (() => {
                const w = along(model.axis, row.left.bar) * side;
                return (
                  <rect x={across(cx - AXIS_W / 2 - w, w)} y={0} width={w} height={h} fill={row.left.colour} stroke={edgeColourFor(row.left.colour)} data-key={row.left.series}>
                    <title>{describe(row.label, model.series[0]?.label ?? '', row.left.count, row.left.percent)}</title>
                  </rect>
                );
              })()}
              {row.right.map((item) => {
                const from = stacked;
                stacked += item.bar;
                const x0 = along(model.axis, from) * side;
                const w = along(model.axis, stacked) * side - x0;
                const column = model.series.find((entry) => entry.key === item.series)?.label ?? '';
                return (
                  <rect key={item.series} x={across(cx + AXIS_W / 2 + x0, w)} y={0} width={w} height={h} fill={item.colour} stroke={edgeColourFor(item.colour) ?? '#fff'} data-key={item.series}>
                    <title>{describe(row.label, column, item.count, item.percent)}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
        <Legend entries={model.series} width={width} top={legendTop} rtl={rtl} />
      </>
    );
    return { height: legendTop + legend.height + 4, body, cut };
  };
  return (
    <ChartFrame title={title} summary={summary} table={<CrossChartTable caption={title} table={data} />} draw={draw} notes={[hiddenNote(model.hidden, t)]} />
  );
};
