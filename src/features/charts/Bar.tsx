import { scaleBand, scaleLinear } from 'd3-scale';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type Distribution, type ReleasedCell, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { cutLabels, distinctLabels, labelRoom } from './format';
import { fallbackLang } from './localNames';
import { useNumbers } from './useNumbers';
import { HATCH_ID, colourFor, edgeFor } from './palette';
import { summarize } from './summary';

export const BAR_ROW = 26;
const LABEL_W = 100;
const VALUE_W = 60;
const WIDTH = 420;
export const HIDDEN_STUB = 18;

/** Largest share first; hidden values keep their order after the released ones. */
export const byShare = (cells: readonly StatCell[]): StatCell[] => {
  const released = cells.filter((c) => !isSuppressed(c)) as ReleasedCell[];
  return [...released.sort((a, b) => b.percent - a.percent), ...cells.filter(isSuppressed)];
};

/**
 * Where each bar goes: rows on a band scale, lengths on a linear scale from 0 to the largest
 * released share (so small groups stay visible). Hidden cells take no part in the domain.
 */
export const barScales = (cells: readonly StatCell[], plot: number) => {
  const max = Math.max(1, ...cells.map((c) => (isSuppressed(c) ? 0 : c.percent)));
  // Inner padding p with outer p / 2 keeps the step at exactly one BAR_ROW per value.
  const gap = 8 / BAR_ROW;
  const rows = scaleBand<number>().domain(cells.map((_, i) => i)).range([4, 4 + cells.length * BAR_ROW]).paddingInner(gap).paddingOuter(gap / 2);
  const length = scaleLinear().domain([0, max]).range([0, plot]);
  return { rows, length };
};

/**
 * Horizontal bars, one per value, scaled to the largest share so small groups stay visible.
 * A hidden value draws a short hatched stub: it exists, its size is not told.
 */
export const Bar = ({ title, data, genders = false, max: maxRows }: { title: string; data: Distribution; genders?: boolean; max?: number }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left, the picture mirrors: names on the right, bars growing to the left.
  const rtl = productLanguage(language).dir === 'rtl';
  const across = (x: number, w = 0) => (rtl ? WIDTH - x - w : x);
  // A capped chart shows the largest values (hidden ones last, their size unknown); the table has them all.
  const cells = maxRows === undefined ? data.cells : byShare(data.cells).slice(0, maxRows);
  const more = data.cells.length - cells.length;
  const short = distinctLabels(cells.map((c) => c.label), labelRoom(LABEL_W));
  const plot = WIDTH - LABEL_W - VALUE_W;
  const { rows, length } = barScales(cells, plot);
  const height = Math.max(1, cells.length) * BAR_ROW + 8 + (more > 0 ? BAR_ROW : 0);
  return (
    <ChartFrame
      title={title}
      summary={summarize(data.cells, t, n)}
      width={WIDTH}
      height={height}
      table={<ChartTable caption={title} cells={data.cells} />}
      cut={cutLabels(cells.map((c) => c.label), short)}
    >
      {cells.map((c, i) => {
        const top = rows(i) ?? 0;
        const middle = top + rows.bandwidth() / 2;
        const hidden = isSuppressed(c);
        // A short hatched stub: a long one would read as a large group.
        const w = hidden ? HIDDEN_STUB : Math.max(1, length(c.percent));
        return (
          <g key={c.key} className="bar" data-key={c.key} data-hidden={hidden || undefined}>
            <title>{`${c.label}: ${hidden ? t('chart_hidden', { k: c.threshold }) : `${n.count(c.count)} (${n.percent(c.percent)})`}`}</title>
            <text x={across(LABEL_W - 6)} y={middle} textAnchor={rtl ? 'start' : 'end'} dominantBaseline="middle" className="chart-label" lang={fallbackLang(c)}>
              {short[i]}
            </text>
            <rect
              x={across(LABEL_W, w)}
              y={top}
              width={w}
              height={rows.bandwidth()}
              fill={hidden ? `url(#${HATCH_ID})` : colourFor(c, genders ? i : 0, genders)}
              stroke={hidden ? '#6b6b6b' : edgeFor(colourFor(c, genders ? i : 0, genders))}
            />
            <text x={across(LABEL_W + w + 4)} y={middle} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-value">
              {hidden ? t('chart_hidden_short') : n.percent(c.percent)}
            </text>
          </g>
        );
      })}
      {more > 0 && (
        <text x={across(LABEL_W)} y={cells.length * BAR_ROW + 4 + BAR_ROW / 2} textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-note">
          {t('chart_more_in_table', { count: more })}
        </text>
      )}
    </ChartFrame>
  );
};
