import { arc, pie, type PieArcDatum } from 'd3-shape';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type Distribution, type ReleasedCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { cutLabels, distinctLabels, labelRoom } from './format';
import { fallbackLang } from './localNames';
import { useNumbers } from './useNumbers';
import { HATCH_ID, colourFor, edgeFor } from './palette';
import { summarize } from './summary';

const R = 80;
const WIDTH = 420;
const LEGEND_ROW = 22;
const INNER = 0.58;

/** One piece of the ring: a released value, or what the released ones leave of the whole. */
export type DonutPiece = { readonly kind: 'value'; readonly cell: ReleasedCell; readonly index: number; readonly share: number } | { readonly kind: 'rest'; readonly share: number };

/**
 * The ring's pieces on d3's pie: released shares in the order given, then one piece for the rest
 * of the whole (at least 100 %, more when multiple answers add up past it). The rest is drawn
 * (hatched) only when some value is hidden; otherwise it stays a gap, so the ring never
 * claims more than was counted.
 */
export const donutPieces = (data: Distribution): Array<PieArcDatum<DonutPiece>> => {
  const pieces: DonutPiece[] = data.cells.flatMap((cell, index) => (isSuppressed(cell) ? [] : [{ kind: 'value' as const, cell, index, share: cell.percent }]));
  const shown = pieces.reduce((sum, piece) => sum + piece.share, 0);
  const rest = Math.max(100, shown) - shown;
  const all = rest > 1e-9 ? [...pieces, { kind: 'rest' as const, share: rest }] : pieces;
  return pie<DonutPiece>().sort(null).value((piece) => piece.share)(all);
};

const ring = arc<PieArcDatum<DonutPiece>>().innerRadius(R * INNER).outerRadius(R);

/**
 * Shares of one single-choice question around a ring. Hidden values have no size of their own,
 * so what the released shares leave of the whole is drawn as one hatched "hidden" arc.
 */
export const Donut = ({ title, data, genders = false }: { title: string; data: Distribution; genders?: boolean }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left, the ring goes to the right and its legend reads from the right.
  const rtl = productLanguage(language).dir === 'rtl';
  const pieces = donutPieces(data);
  const hidden = data.cells.some(isSuppressed);
  const rest = hidden ? pieces.find((p) => p.data.kind === 'rest' && p.endAngle - p.startAngle > 1e-3) : undefined;
  const legend = data.cells;
  // The legend's room beside the ring, less the share that follows each name.
  const short = distinctLabels(legend.map((c) => c.label), labelRoom(WIDTH - (2 * R + 40) - 60));
  const height = Math.max(2 * R + 20, legend.length * LEGEND_ROW + 10);
  return (
    <ChartFrame title={title} summary={summarize(data.cells, t, n)} width={WIDTH} height={height} table={<ChartTable caption={title} cells={data.cells} />} cut={cutLabels(legend.map((c) => c.label), short)}>
      <g transform={`translate(${rtl ? WIDTH - R - 10 : R + 10},${R + 10})`}>
        {pieces.map((p) => {
          if (p.data.kind !== 'value') return null;
          const { cell, index } = p.data;
          return (
            <path key={cell.key} d={ring(p) ?? ''} fill={colourFor(cell, index, genders)} stroke={edgeFor(colourFor(cell, index, genders), '#fff')} strokeWidth="1" className="slice" data-key={cell.key}>
              <title>{`${cell.label}: ${n.count(cell.count)} (${n.percent(cell.percent)})`}</title>
            </path>
          );
        })}
        {rest && (
          <path d={ring(rest) ?? ''} fill={`url(#${HATCH_ID})`} stroke="#6b6b6b" className="slice" data-hidden="true">
            <title>{t('chart_hidden_rest')}</title>
          </path>
        )}
        <text textAnchor="middle" dominantBaseline="middle" className="chart-total">{n.count(data.total)}</text>
      </g>
      <g transform={`translate(${rtl ? WIDTH - (2 * R + 40) : 2 * R + 40},10)`}>
        {legend.map((c, i) => {
          const isHidden = isSuppressed(c);
          return (
            <g key={c.key} transform={`translate(0,${i * LEGEND_ROW})`}>
              <title>{c.label}</title>
              <rect x={rtl ? -12 : 0} width="12" height="12" y="2" fill={isHidden ? `url(#${HATCH_ID})` : colourFor(c, i, genders)} stroke={isHidden ? '#6b6b6b' : edgeFor(colourFor(c, i, genders))} />
              <text x={rtl ? -18 : 18} y="8" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label">
                <tspan lang={fallbackLang(c)}>{short[i]}</tspan>{` ${isHidden ? t('chart_hidden_short') : n.percent(c.percent)}`}
              </text>
            </g>
          );
        })}
      </g>
    </ChartFrame>
  );
};
