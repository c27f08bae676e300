import { useTranslation } from '../../hooks/translation';
import { type ChartItem, type ChartModel, type LegendEntry, along, atMostText, fitLabel, hiddenNote, lettersIn } from '../../../domain/charts';
import { type ReportChart, drawnSeries, hiddenOf, notDrawnOf } from '../../../domain/reports/charts';
import { useNumbers } from '../charts/useNumbers';
import { useMeasuredWidth } from '../charts/ChartFrame';
import type { RefObject } from 'react';

/**
 * A card as the PDF report draws it, in the builder's preview: the same model
 * (domain/reports/charts.ts over the shared chart definitions), drawn at a small size in SVG.
 * Hidden values have no bar; the chart says once how many are hidden and how many are only in
 * the report's tables. A cut name is whole in its tooltip. It is drawn at the width its card
 * measures (one unit a CSS pixel, never a wider drawing shrunk), so every text is 12 px on a phone.
 */

const LABEL_W = 112;
const VALUE_W = 62;
const ROW = 18;
/** Every text of the drawing, names, values and ticks alike: the least size the product reads at. */
export const PREVIEW_FONT = 12;
const FONT = PREVIEW_FONT;

const Label = ({ text, x, y, anchor = 'start', room = LABEL_W - 6, bold = false }: { text: string; x: number; y: number; anchor?: 'start' | 'middle' | 'end'; room?: number; bold?: boolean }) => {
  const fitted = fitLabel(text, lettersIn(room, FONT), 1);
  return (
    <text x={x} y={y} fontSize={FONT} textAnchor={anchor} fontWeight={bold ? 700 : 400} dominantBaseline="middle">
      {fitted.cut ? <title>{text}</title> : null}
      {fitted.lines[0]}
    </text>
  );
};

/** Tick values closer than this (in the drawing's units) are not all written: every other one is. */
const TICK_ROOM = 40;

const Axis = ({ ticks, at, top, bottom, format }: { ticks: readonly number[]; at: (tick: number) => number; top: number; bottom: number; format: (tick: number) => string }) => {
  const spacing = ticks.length > 1 ? Math.abs(at(ticks[1]!) - at(ticks[0]!)) : TICK_ROOM;
  const every = Math.max(1, Math.ceil(TICK_ROOM / Math.max(1, spacing)));
  return (
    <g aria-hidden="true" className="report-preview-axis">
      {ticks.map((tick, index) => (
        <g key={tick}>
          <line x1={at(tick)} x2={at(tick)} y1={top} y2={bottom} stroke="#c7cad6" strokeWidth={tick === 0 ? 1 : 0.5} />
          {index % every === 0 ? (
            <text x={at(tick)} y={bottom + 12} fontSize={FONT} textAnchor="middle" fill="#5c6170">
              {format(tick)}
            </text>
          ) : null}
        </g>
      ))}
    </g>
  );
};

const Legend = ({ series }: { series: readonly LegendEntry[] }) => (
  <ul className="report-preview-legend">
    {series.map((entry) => (
      <li key={entry.key}>
        <span className="swatch" style={{ background: entry.colour }} aria-hidden="true" />
        {entry.label}
      </li>
    ))}
  </ul>
);

const Drawing = ({ model, title, width }: { model: Exclude<ChartModel, { kind: 'figures' }>; title: string; width: number }) => {
  const n = useNumbers();
  const plot = width - LABEL_W - VALUE_W;
  const percent = (tick: number) => n.percent(tick);
  if (model.kind === 'bars' || model.kind === 'tree') {
    const height = model.items.length * ROW;
    return (
      <svg viewBox={`0 0 ${width} ${height + 16}`} width="100%" role="img" aria-label={title}>
        <Axis ticks={model.axis.ticks} at={(tick) => LABEL_W + along(model.axis, tick) * plot} top={0} bottom={height} format={percent} />
        {model.items.map((item, index) => {
          const depth = 'depth' in item ? (item as { depth: number }).depth : 0;
          const y = index * ROW + ROW / 2;
          const length = Math.max(1, along(model.axis, item.bar) * plot);
          return (
            <g key={`${item.key}-${index}`}>
              <Label text={item.label} x={depth * 10} y={y} room={LABEL_W - 6 - depth * 10} bold={model.kind === 'tree' && depth === 0} />
              <rect x={LABEL_W} y={y - (depth === 0 ? 5 : 3.5)} width={length} height={depth === 0 ? 10 : 7} fill={item.colour} opacity={depth === 0 ? 1 : 0.6} />
              <text x={LABEL_W + length + 3} y={y} fontSize={FONT} dominantBaseline="middle">
                {/* A part that reaches its whole's count reads "≤", as in the PDF: never as the whole. */}
                {atMostText(n.count(item.count), item.atMost)}
              </text>
            </g>
          );
        })}
      </svg>
    );
  }
  if (model.kind === 'grouped') {
    const series = drawnSeries(model);
    const groups = model.groups.filter((group) => group.bars.length > 0);
    const bar = 5;
    const heights = groups.map((group) => Math.max(ROW, group.bars.length * (bar + 1) + 4));
    const height = heights.reduce((sum, value) => sum + value, 0);
    let y = 0;
    return (
      <>
        <Legend series={series} />
        <svg viewBox={`0 0 ${width} ${height + 16}`} width="100%" role="img" aria-label={title}>
          <Axis ticks={model.axis.ticks} at={(tick) => LABEL_W + along(model.axis, tick) * plot} top={0} bottom={height} format={percent} />
          {groups.map((group, index) => {
            const top = y;
            y += heights[index]!;
            return (
              <g key={group.key}>
                <Label text={group.label} x={0} y={top + heights[index]! / 2} />
                {group.bars.map((item: ChartItem, s) => (
                  <rect key={item.series ?? s} x={LABEL_W} y={top + 2 + s * (bar + 1)} width={Math.max(1, along(model.axis, item.bar) * plot)} height={bar} fill={item.colour}>
                    <title>{`${series.find((entry) => entry.key === item.series)?.label ?? ''}: ${n.count(item.count)}`}</title>
                  </rect>
                ))}
              </g>
            );
          })}
        </svg>
      </>
    );
  }
  // The pyramid: the first series to the left of the bands' names, the others stacked to the right.
  const middle = 64;
  const half = (width - middle) / 2;
  const height = model.rows.length * ROW;
  return (
    <>
      <Legend series={drawnSeries(model)} />
      <svg viewBox={`0 0 ${width} ${height + 16}`} width="100%" role="img" aria-label={title}>
        <Axis ticks={model.axis.ticks} at={(tick) => half - along(model.axis, tick) * (half - 4)} top={0} bottom={height} format={percent} />
        <Axis ticks={model.axis.ticks} at={(tick) => half + middle + along(model.axis, tick) * (half - 4)} top={0} bottom={height} format={percent} />
        {model.rows.map((row, index) => {
          const y = index * ROW;
          let used = 0;
          return (
            <g key={row.key}>
              <Label text={row.label} x={width / 2} y={y + ROW / 2} anchor="middle" room={middle - 4} />
              {row.left === null ? null : (
                <rect x={half - along(model.axis, row.left.bar) * (half - 4)} y={y + 2} width={along(model.axis, row.left.bar) * (half - 4)} height={ROW - 4} fill={row.left.colour}>
                  <title>{n.count(row.left.count)}</title>
                </rect>
              )}
              {row.right.map((item) => {
                const length = along(model.axis, item.bar) * (half - 4);
                const x = half + middle + used;
                used += length;
                return (
                  <rect key={item.series} x={x} y={y + 2} width={length} height={ROW - 4} fill={item.colour}>
                    <title>{n.count(item.count)}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
    </>
  );
};

export const ReportChartPreview = ({ chart }: { chart: ReportChart }) => {
  const { t } = useTranslation();
  const n = useNumbers();
  const measured = useMeasuredWidth(1);
  const model = chart.model;
  if (chart.withheld !== undefined) return <p className="stat-withheld">{t(chart.withheld, { defaultValue: chart.withheld })}</p>;
  if (model === null) return <p className="muted">{t('report_no_bars')}</p>;
  const hidden = hiddenOf(chart);
  const notDrawn = notDrawnOf(chart);
  return (
    <div className="report-preview-chart" data-kind={model.kind} ref={measured.ref as RefObject<HTMLDivElement>}>
      {model.kind === 'figures' ? (
        <dl className="report-preview-tiles">
          {model.items.map((item) => (
            <div key={item.key}>
              <dt>{item.label}</dt>
              <dd>{n.count(item.value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Drawing model={model} title={chart.title} width={measured.width} />
      )}
      {hidden === null ? null : <p className="stat-note">{hiddenNote(hidden, (key, values) => t(key, values))}</p>}
      {notDrawn > 0 ? <p className="stat-note">{t('report_not_drawn', { count: notDrawn })}</p> : null}
    </div>
  );
};
