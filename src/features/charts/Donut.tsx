import { useTranslation } from 'react-i18next';
import { isSuppressed, type Distribution } from '../../../domain/contracts/stats';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { formatPercent, truncate } from './format';
import { HATCH_ID, colourFor } from './palette';
import { summarize } from './summary';

/** An annulus sector from angle a0 to a1 (radians, clockwise from 12 o'clock). */
export const arcPath = (r0: number, r1: number, a0: number, a1: number): string => {
  // A full turn cannot be drawn as one arc: stop just short of it.
  const end = a1 - a0 >= 2 * Math.PI ? a0 + 2 * Math.PI - 1e-6 : a1;
  const p = (r: number, a: number) => `${(r * Math.sin(a)).toFixed(3)},${(-r * Math.cos(a)).toFixed(3)}`;
  const large = end - a0 > Math.PI ? 1 : 0;
  return `M${p(r1, a0)}A${r1},${r1} 0 ${large} 1 ${p(r1, end)}L${p(r0, end)}A${r0},${r0} 0 ${large} 0 ${p(r0, a0)}Z`;
};

const R = 80;
const WIDTH = 420;
const LEGEND_ROW = 22;

/**
 * Shares of one single-choice question around a ring. Hidden values have no size of their own,
 * so what the released shares leave of the whole is drawn as one hatched "hidden" arc.
 */
export const Donut = ({ title, data, genders = false }: { title: string; data: Distribution; genders?: boolean }) => {
  const { t } = useTranslation();
  const released = data.cells.flatMap((c, i) => (isSuppressed(c) ? [] : [{ c, i }]));
  const hidden = data.cells.filter(isSuppressed);
  const shown = released.reduce((s, { c }) => s + c.percent, 0);
  const scale = Math.max(100, shown);
  let angle = 0;
  const slices = released.map(({ c, i }) => {
    const a0 = angle;
    angle += (c.percent / scale) * 2 * Math.PI;
    return { key: c.key, label: c.label, d: arcPath(R * 0.58, R, a0, angle), fill: colourFor(c, i, genders), text: `${c.label}: ${c.count} (${formatPercent(c.percent)})` };
  });
  const rest = hidden.length > 0 && angle < 2 * Math.PI - 1e-3 ? arcPath(R * 0.58, R, angle, 2 * Math.PI) : null;
  const legend = data.cells;
  const height = Math.max(2 * R + 20, legend.length * LEGEND_ROW + 10);
  return (
    <ChartFrame title={title} summary={summarize(data.cells, t)} width={WIDTH} height={height} table={<ChartTable caption={title} cells={data.cells} />}>
      <g transform={`translate(${R + 10},${R + 10})`}>
        {slices.map((s) => (
          <path key={s.key} d={s.d} fill={s.fill} stroke="#fff" strokeWidth="1" className="slice" data-key={s.key}>
            <title>{s.text}</title>
          </path>
        ))}
        {rest && (
          <path d={rest} fill={`url(#${HATCH_ID})`} stroke="#6b6b6b" className="slice" data-hidden="true">
            <title>{t('chart_hidden_rest')}</title>
          </path>
        )}
        <text textAnchor="middle" dominantBaseline="middle" className="chart-total">{data.total}</text>
      </g>
      <g transform={`translate(${2 * R + 40},10)`}>
        {legend.map((c, i) => {
          const isHidden = isSuppressed(c);
          return (
            <g key={c.key} transform={`translate(0,${i * LEGEND_ROW})`}>
              <title>{c.label}</title>
              <rect width="12" height="12" y="2" fill={isHidden ? `url(#${HATCH_ID})` : colourFor(c, i, genders)} stroke={isHidden ? '#6b6b6b' : undefined} />
              <text x="18" y="8" dominantBaseline="middle" className="chart-label">
                {`${truncate(c.label)} ${isHidden ? t('chart_hidden_short') : formatPercent(c.percent)}`}
              </text>
            </g>
          );
        })}
      </g>
    </ChartFrame>
  );
};
