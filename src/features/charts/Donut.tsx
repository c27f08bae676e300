import { arc, pie, type PieArcDatum } from 'd3-shape';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type Distribution, type ReleasedCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { fallbackLang } from './localNames';
import { useNumbers } from './useNumbers';
import { atMostText, distributionChart, edgeColourFor, fitLabel, hiddenNote, lettersIn } from '../../../domain/charts';
import { summarize } from './summary';

const R = 80;
const LEGEND_ROW = 22;
const INNER = 0.58;

/** One piece of the ring: a released value, or what the released ones leave of the whole. */
export type DonutPiece = { readonly kind: 'value'; readonly cell: ReleasedCell; readonly index: number; readonly share: number } | { readonly kind: 'rest'; readonly share: number };

/**
 * The ring's pieces on d3's pie: released shares in the order given, then one piece for the rest
 * of the whole (at least 100 %, more when multiple answers add up past it). The rest is never
 * drawn: it stays a gap, so the ring never claims more than was counted, nor gives hidden
 * values a size.
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
 * Shares of one single-choice question around a ring, largest first, each answer in its own
 * colour across the product. Hidden values have no size of their own: what the released shares
 * leave of the whole stays a gap, and the chart says once how many values are hidden.
 */
export const Donut = ({ title, data, genders = false }: { title: string; data: Distribution; genders?: boolean }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left, the ring goes to the right and its legend reads from the right.
  const rtl = productLanguage(language).dir === 'rtl';
  // The shared definition orders the values (largest first) and gives each answer its colour.
  const model = distributionChart(data, { genders });
  const ordered: Distribution = { ...data, cells: model.items.map((item) => data.cells.find((cell) => cell.key === item.key)!).filter(Boolean) };
  const colourOfKey = new Map(model.items.map((item) => [item.key, item.colour]));
  const pieces = donutPieces(ordered);
  const legend = model.items;
  const draw = (width: number) => {
    // Wide, the legend stands beside the ring; narrow (a phone), under it, on the full width.
    const beside = width >= 2 * R + 40 + 160;
    const ringX = beside ? (rtl ? width - R - 10 : R + 10) : width / 2;
    const legendX = beside ? (rtl ? width - (2 * R + 40) : 2 * R + 40) : rtl ? width - 4 : 4;
    const legendTop = beside ? 10 : 2 * R + 30;
    const room = beside ? width - (2 * R + 40) - 60 : width - 80;
    const fitted = legend.map((c) => fitLabel(c.label, lettersIn(room), 1));
    const cut = legend.flatMap((c, i) => (fitted[i]!.cut ? [{ shown: fitted[i]!.lines[0] ?? '', full: c.label }] : []));
    const height = beside ? Math.max(2 * R + 20, legend.length * LEGEND_ROW + 10) : legendTop + legend.length * LEGEND_ROW + 4;
    const body = (
      <>
        <g transform={`translate(${ringX},${R + 10})`}>
          {pieces.map((p) => {
            // What hidden values hold is left as a gap: it is not drawn as if it were a value.
            if (p.data.kind !== 'value') return null;
            const { cell } = p.data;
            const fill = colourOfKey.get(cell.key) ?? '#5E6B7A';
            return (
              <path key={cell.key} d={ring(p) ?? ''} fill={fill} stroke={edgeColourFor(fill) ?? '#fff'} strokeWidth="1" className="slice" data-key={cell.key}>
                <title>{`${cell.label}: ${n.count(cell.count)} (${n.percent(cell.percent)})`}</title>
              </path>
            );
          })}
          {/* No total in the ring: each card's total is its own (raised to hold its values), so the page says its respondents once instead. */}
        </g>
        <g transform={`translate(${legendX},${legendTop})`}>
          {legend.map((c, i) => (
            <g key={c.key} transform={`translate(0,${i * LEGEND_ROW})`}>
              <title>{c.label}</title>
              <rect x={rtl ? -12 : 0} width="12" height="12" y="2" fill={c.colour} stroke={edgeColourFor(c.colour)} />
              <text x={rtl ? -18 : 18} y="8" textAnchor={rtl ? 'end' : 'start'} dominantBaseline="middle" className="chart-label">
                <tspan lang={fallbackLang(data.cells.find((cell) => cell.key === c.key))}>{fitted[i]!.lines[0]}</tspan>{` ${atMostText(n.percent(c.percent), c.atMost)}`}
              </text>
            </g>
          ))}
        </g>
      </>
    );
    return { height, body, cut };
  };
  return (
    <ChartFrame title={title} summary={summarize(data.cells, t, n)} table={<ChartTable caption={title} cells={data.cells} total={data.total} />} draw={draw}
      notes={[hiddenNote(model.hidden, t)]} />
  );
};
