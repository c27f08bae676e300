import { useTranslation } from 'react-i18next';
import { isSuppressed, type Distribution, type ReleasedCell, type StatCell } from '../../../domain/contracts/stats';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { formatPercent, truncate } from './format';
import { HATCH_ID, colourFor } from './palette';
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
 * Horizontal bars, one per value, scaled to the largest share so small groups stay visible.
 * A hidden value draws a short hatched stub: it exists, its size is not told.
 */
export const Bar = ({ title, data, genders = false, max: maxRows }: { title: string; data: Distribution; genders?: boolean; max?: number }) => {
  const { t } = useTranslation();
  // A capped chart shows the largest values (hidden ones last, their size unknown); the table has them all.
  const cells = maxRows === undefined ? data.cells : byShare(data.cells).slice(0, maxRows);
  const more = data.cells.length - cells.length;
  const max = Math.max(1, ...cells.map((c) => (isSuppressed(c) ? 0 : c.percent)));
  const plot = WIDTH - LABEL_W - VALUE_W;
  const height = Math.max(1, cells.length) * BAR_ROW + 8 + (more > 0 ? BAR_ROW : 0);
  return (
    <ChartFrame
      title={title}
      summary={summarize(data.cells, t)}
      width={WIDTH}
      height={height}
      table={<ChartTable caption={title} cells={data.cells} />}
    >
      {cells.map((c, i) => {
        const y = 4 + i * BAR_ROW;
        const hidden = isSuppressed(c);
        // A short hatched stub: a long one would read as a large group.
        const w = hidden ? HIDDEN_STUB : Math.max(1, (c.percent / max) * plot);
        return (
          <g key={c.key} className="bar" data-key={c.key} data-hidden={hidden || undefined}>
            <title>{`${c.label}: ${hidden ? t('chart_hidden', { k: c.threshold }) : `${c.count} (${formatPercent(c.percent)})`}`}</title>
            <text x={LABEL_W - 6} y={y + BAR_ROW / 2} textAnchor="end" dominantBaseline="middle" className="chart-label">
              {truncate(c.label)}
            </text>
            <rect
              x={LABEL_W}
              y={y + 4}
              width={w}
              height={BAR_ROW - 8}
              fill={hidden ? `url(#${HATCH_ID})` : colourFor(c, genders ? i : 0, genders)}
              stroke={hidden ? '#6b6b6b' : undefined}
            />
            <text x={LABEL_W + w + 4} y={y + BAR_ROW / 2} dominantBaseline="middle" className="chart-value">
              {hidden ? t('chart_hidden_short') : formatPercent(c.percent)}
            </text>
          </g>
        );
      })}
      {more > 0 && (
        <text x={LABEL_W} y={cells.length * BAR_ROW + 4 + BAR_ROW / 2} dominantBaseline="middle" className="chart-note">
          {t('chart_more_in_table', { count: more })}
        </text>
      )}
    </ChartFrame>
  );
};
