import { useMemo } from 'react';
import { useTranslation } from '../../hooks/translation';
import { along, edgeColourFor, fitLabel, lettersIn, textRoom, type LegendEntry, type ValueAxis } from '../../../domain/charts';
import { productLanguage } from '../../../domain/i18n/languages';

/** Height the axis' tick labels take under the plot. */
export const AXIS_HEIGHT = 22;

/** Whole percentages for the axis' ticks ("20%"), in the page's language. */
const useTickFormat = () => {
  const { language } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(productLanguage(language).lang, { style: 'percent', maximumFractionDigits: 0 });
    return (value: number) => format.format(value / 100);
  }, [language]);
};

/**
 * A value axis for bars that grow from `from` across `plot` pixels (towards the left when
 * `rtl`): light grid lines from `top` to `bottom` and the ticks' shares under them, so a bar's
 * length can be read without its figure. Decorative for a screen reader (the table has the figures).
 */
export const AxisMarks = ({ axis, from, plot, top, bottom, rtl, width, direction = 1 }: {
  axis: ValueAxis; from: number; plot: number; top: number; bottom: number; rtl: boolean; width: number;
  /** -1 for bars that grow towards the start (the pyramid's left side). */
  direction?: 1 | -1;
}) => {
  const format = useTickFormat();
  const xOf = (tick: number) => {
    const x = from + direction * along(axis, tick) * plot;
    return rtl ? width - x : x;
  };
  return (
    <g className="chart-axis" aria-hidden="true">
      {axis.ticks.map((tick) => (
        <g key={tick}>
          <line x1={xOf(tick)} x2={xOf(tick)} y1={top} y2={bottom} stroke={tick === 0 ? '#6b6b6b' : '#d9d9de'} />
          <text x={xOf(tick)} y={bottom + 14} textAnchor="middle" className="chart-tick">{format(tick)}</text>
        </g>
      ))}
    </g>
  );
};

/** A legend row's height. */
export const LEGEND_ROW = 20;

/**
 * A legend under the chart: entries side by side, each as wide as its name, going on to the next
 * row when the width is used up (a phone gets one or two per row). Names longer than the row
 * are cut; the full name is the entry's title.
 */
export const legendLayout = (entries: readonly LegendEntry[], width: number) => {
  const room = lettersIn(width - 24);
  let x = 0;
  let row = 0;
  const placed = entries.map((entry) => {
    const label = fitLabel(entry.label, room, 1);
    const w = 18 + textRoom(label.lines[0] ?? '') * 7 + 16;
    if (x > 0 && x + w > width) {
      x = 0;
      row += 1;
    }
    const at = { entry, text: label.lines[0] ?? '', x, y: row * LEGEND_ROW };
    x += w;
    return at;
  });
  return { placed, height: entries.length === 0 ? 0 : (row + 1) * LEGEND_ROW };
};

export const Legend = ({ entries, width, top, rtl }: { entries: readonly LegendEntry[]; width: number; top: number; rtl: boolean }) => {
  const { placed } = legendLayout(entries, width);
  return (
    <g transform={`translate(0,${top})`} className="chart-legend">
      {placed.map(({ entry, text, x, y }) => (
        <g key={entry.key} transform={`translate(${rtl ? width - x : x},${y})`} className="legend-item">
          <title>{entry.label}</title>
          <rect x={rtl ? -12 : 0} width="12" height="12" fill={entry.colour} stroke={edgeColourFor(entry.colour)} />
          <text x={rtl ? -16 : 16} y="6" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label">{text}</text>
        </g>
      ))}
    </g>
  );
};
