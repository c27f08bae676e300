import { useTranslation } from '../../hooks/translation';
import type { CrossTable } from '../../../domain/contracts/stats';
import { along, crossChart, edgeColourFor, fitLabel, hiddenNote, lettersIn, valueAxis, type GroupedChart } from '../../../domain/charts';
import { productLanguage } from '../../../domain/i18n/languages';
import { AXIS_HEIGHT, AxisMarks, Legend, legendLayout } from './Axis';
import { BAR_HEIGHT, LINE } from './Bar';
import { ChartFrame, NARROW_CHART } from './ChartFrame';
import { CrossChartTable } from './ChartTable';
import type { CutLabel } from './format';
import { useNumbers } from './useNumbers';
import { summarize } from './summary';

const GAP = 10;
const VALUE_W = 58;

/**
 * Rows by columns (gender by state, position level by gender) from the shared chart definition:
 * one bar per row, largest row first, its released cells laid end to end in the legend's
 * colours on one value axis, so rows compare by size and each splits by column. A hidden cell
 * takes no room and is not drawn: the chart says once how many are hidden; the table lists each.
 */
export const StackedBar = ({ title, data, genders = false, max, order = 'size' }: {
  title: string; data: CrossTable; genders?: boolean; max?: number; order?: 'size' | 'given';
}) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  const rtl = productLanguage(language).dir === 'rtl';
  const model = crossChart(data, { layout: 'grouped', genders, order, ...(max === undefined ? {} : { top: max }) }) as GroupedChart;
  // The axis reaches the longest row (its released cells end to end), not the longest cell.
  const longest = Math.max(0, ...model.groups.map((group) => group.bars.reduce((sum, bar) => sum + bar.bar, 0)));
  const axis = longest > model.axis.max ? valueAxis(longest) : model.axis;
  const draw = (width: number) => {
    const across = (x: number, w = 0) => (rtl ? width - x - w : x);
    const narrow = width < NARROW_CHART;
    const labelW = narrow ? width : Math.min(200, Math.max(100, Math.round(width * 0.3)));
    const from = narrow ? 2 : labelW;
    const plot = width - from - VALUE_W;
    const room = lettersIn(labelW - 8);
    const cut: CutLabel[] = [];
    let y = 4;
    const rows = model.groups.map((group) => {
      const label = fitLabel(group.label, room, 2);
      if (label.cut) cut.push({ shown: label.lines.join(' '), full: group.label });
      const labelHeight = label.lines.length * LINE;
      const top = y;
      const barTop = narrow ? top + labelHeight + 2 : top + Math.max(0, (labelHeight - BAR_HEIGHT) / 2);
      const rowHeight = narrow ? labelHeight + 2 + BAR_HEIGHT : Math.max(labelHeight, BAR_HEIGHT);
      y += rowHeight + GAP;
      return { group, label, top, barTop, rowHeight };
    });
    const bottom = Math.max(y - GAP + 4, 8);
    const legendTop = bottom + AXIS_HEIGHT + 4;
    const legend = legendLayout(model.series, width);
    const body = (
      <>
        <AxisMarks axis={axis} from={from} plot={plot} top={0} bottom={bottom} rtl={rtl} width={width} />
        {rows.map(({ group, label, top, barTop, rowHeight }) => {
          const labelY = narrow ? top + LINE / 2 : top + (rowHeight - label.lines.length * LINE) / 2 + LINE / 2;
          let stacked = 0;
          return (
            <g key={group.key} className="stack-row" data-key={group.key}>
              <text x={narrow ? across(from) : across(labelW - 8)} y={labelY} textAnchor={narrow ? (rtl ? 'end' : 'start') : rtl ? 'start' : 'end'} className="chart-label">
                <title>{group.total ? `${group.label}: ${n.count(group.total.count)} (${n.percent(group.total.percent)})` : group.label}</title>
                {label.lines.map((line, i) => (
                  <tspan key={i} x={narrow ? across(from) : across(labelW - 8)} dy={i === 0 ? 0 : LINE} dominantBaseline="middle">{line}</tspan>
                ))}
              </text>
              {group.bars.map((bar) => {
                const x0 = along(axis, stacked) * plot;
                stacked += bar.bar;
                const w = along(axis, stacked) * plot - x0;
                const column = model.series.find((entry) => entry.key === bar.series)?.label ?? '';
                return (
                  <rect key={bar.series} x={across(from + x0, w)} y={barTop} width={w} height={BAR_HEIGHT} fill={bar.colour} stroke={edgeColourFor(bar.colour) ?? '#fff'} data-key={bar.series}>
                    <title>{`${group.label}, ${column}: ${n.count(bar.count)} (${n.percent(bar.percent)})`}</title>
                  </rect>
                );
              })}
              {group.total && (
                <text x={across(from + along(axis, stacked) * plot + 4)} y={barTop + BAR_HEIGHT / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-value">
                  {n.percent(group.total.percent)}
                </text>
              )}
            </g>
          );
        })}
        <Legend entries={model.series} width={width} top={legendTop} rtl={rtl} />
      </>
    );
    return { height: legendTop + legend.height + 4, body, cut };
  };
  return (
    <ChartFrame
      title={title}
      summary={summarize(data.rowTotals.map((c, i) => ({ ...c, label: data.rows[i]?.label ?? c.label })), t, n)}
      table={<CrossChartTable caption={title} table={data} />}
      draw={draw}
      notes={[hiddenNote(model.hidden, t), model.more > 0 ? t('chart_more_in_table', { count: model.more }) : '']}
    />
  );
};
