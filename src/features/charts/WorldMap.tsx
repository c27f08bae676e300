import { type ReactNode, useMemo } from 'react';
import { geoEqualEarth, geoPath } from 'd3-geo';
import { scaleThreshold } from 'd3-scale';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type Distribution, type ReleasedCell, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';
import { ChartFrame } from './ChartFrame';
import { ChartTable } from './ChartTable';
import { useNumbers } from './useNumbers';
import { summarize } from './summary';
import { hiddenNote, hiddenValuesOf } from '../../../domain/charts';

/** A country's outline, keyed by its ISO 3166-1 numeric code (or a stand-in where it has none). */
export type CountryShape = Feature<Geometry, { readonly name: string }> & { readonly id: string };

const WIDTH = 640;
const MAP_H = 320;
const STEP_W = 100;

/**
 * A single-hue ramp, light to dark, so its order survives every colour-vision deficiency and
 * greyscale printing. Its lightest step stays apart from the near-white of "no figure".
 */
export const MAP_RAMP: readonly string[] = ['#c6dcef', '#9cc2e4', '#6fa4d4', '#4784c0', '#2563a3', '#123f78'];
/**
 * Fixed breaks (percent of the selection) rather than equal steps: one country of birth often
 * holds most people, and equal steps would put every other country in the lightest shade.
 * Fixed breaks also read the same from one filter selection to the next.
 */
export const MAP_BREAKS: readonly number[] = [1, 2, 5, 10, 25];
export const NO_FIGURE_FILL = '#f7f7f7';
const BORDER = '#ffffff';
const NO_FIGURE_BORDER = '#b5b5b5';

/** Antarctica is drawn only when someone was born there: otherwise it takes a fifth of the map for nothing. */
const ANTARCTICA = '010';

export interface MapCountry {
  readonly shape: CountryShape;
  readonly path: string;
}

export interface Placed {
  /** The figure drawn on each shape id. */
  readonly byShape: ReadonlyMap<string, StatCell>;
  /** Figures with no shape on this map (small islands, Prefer not to answer): the table has them. */
  readonly offMap: readonly StatCell[];
}

/** Which figure goes on which outline; `shapeOf` turns a cell's key into a shape id. */
export const placeCells = (cells: readonly StatCell[], shapeIds: ReadonlySet<string>, shapeOf: (key: string) => string | undefined): Placed => {
  const byShape = new Map<string, StatCell>();
  const offMap: StatCell[] = [];
  for (const cell of cells) {
    const id = shapeOf(cell.key);
    if (id !== undefined && shapeIds.has(id) && !byShape.has(id)) byShape.set(id, cell);
    else offMap.push(cell);
  }
  return { byShape, offMap };
};

/** A released share's shade. */
export const mapScale = () => scaleThreshold<number, string>().domain([...MAP_BREAKS]).range([...MAP_RAMP]);

/** The outlines drawn on an Equal Earth projection fitted to the frame. */
export const projectShapes = (shapes: readonly CountryShape[]): MapCountry[] => {
  const collection: FeatureCollection<Geometry, { readonly name: string }> = { type: 'FeatureCollection', features: [...shapes] };
  const projection = geoEqualEarth().fitExtent([[4, 4], [WIDTH - 4, MAP_H - 4]], collection);
  const path = geoPath(projection);
  return shapes.map((shape) => ({ shape, path: path(shape) ?? '' }));
};

/**
 * Countries of birth as a choropleth: each released share in one of six shades, the rest light
 * grey. A hidden figure is not drawn as data: its country is grey like one with no figure (its
 * name on hover says hidden), and a note under the map says once how many values are hidden.
 * Figures that no outline carries are counted under the map; the table view lists everything.
 */
/**
 * Another measure than the share of the selection on the same map (a representation ratio):
 * the cells' `percent` holds the measure, shaded by these breaks and colours, and said, summed
 * up and tabled in its own words.
 */
export interface MapMeasure {
  readonly breaks: readonly number[];
  readonly ramp: readonly string[];
  readonly legend: string;
  readonly format: (value: number) => string;
  readonly said: (cell: ReleasedCell) => string;
  readonly summary: string;
  readonly table: ReactNode;
}

export const WorldMap = ({ title, data, shapes, shapeOf, measure }: {
  title: string;
  data: Distribution;
  shapes: readonly CountryShape[];
  shapeOf: (key: string) => string | undefined;
  measure?: MapMeasure;
}) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  // Right to left the legend reads from the right: its title, steps and keys start there.
  // The map itself stays as the world is drawn.
  const rtl = productLanguage(language).dir === 'rtl';
  const anchor = rtl ? 'end' : 'start';
  const placed = useMemo(() => placeCells(data.cells, new Set(shapes.map((s) => s.id)), shapeOf), [data.cells, shapes, shapeOf]);
  const drawn = useMemo(
    () => shapes.filter((shape) => shape.id !== ANTARCTICA || placed.byShape.has(ANTARCTICA)),
    [shapes, placed],
  );
  const countries = useMemo(() => projectShapes(drawn), [drawn]);
  const colour = measure === undefined ? mapScale() : scaleThreshold<number, string>().domain([...measure.breaks]).range([...measure.ramp]);
  const format = measure?.format ?? ((value: number) => n.percent(value));
  const noteRow = placed.offMap.length > 0 ? 20 : 0;
  const steps = colour.range().map((fill) => {
    const [from, to] = colour.invertExtent(fill);
    const label = from === undefined ? t('chart_map_under', { value: format(to ?? 0) })
      : to === undefined ? t('chart_map_or_more', { value: format(from) })
        : `${format(from)}–${format(to)}`;
    return { fill, label };
  });
  /**
   * Drawn at the card's width: the world scaled to it, the key at its true 12 px, its six steps
   * in one row when they fit and in two rows of three on a phone.
   */
  const draw = (width: number) => {
    const k = width / WIDTH;
    const across = (x: number, w = 0) => (rtl ? width - x - w : x);
    const perRow = width >= steps.length * STEP_W + 8 ? steps.length : 3;
    const stepW = perRow === steps.length ? STEP_W : Math.floor((width - 8) / perRow);
    const stepRows = Math.ceil(steps.length / perRow);
    const legendTop = MAP_H * k + 14;
    const keysY = 16 + stepRows * 36;
    const legendH = keysY + 16;
    const body = (
      <>
        <g className="map-countries" transform={`scale(${k})`}>
            {countries.map(({ shape, path }) => {
              const cell = placed.byShape.get(shape.id);
              const name = cell?.label ?? shape.properties.name;
              const hidden = cell !== undefined && isSuppressed(cell);
              const drawn = cell !== undefined && !isSuppressed(cell);
              const fill = drawn ? colour(cell.percent) : NO_FIGURE_FILL;
              const said = cell === undefined ? t('chart_map_no_figure') : isSuppressed(cell) ? t('chart_hidden', { k: cell.threshold }) : measure !== undefined ? measure.said(cell) : `${n.count(cell.count)} (${n.percent(cell.percent)})`;
              return (
                <path key={shape.id} d={path} fill={fill} stroke={drawn ? BORDER : NO_FIGURE_BORDER} strokeWidth={0.5}
                  className="map-country" data-id={shape.id} data-key={cell?.key} data-hidden={hidden || undefined}>
                  <title>{`${name}: ${said}`}</title>
                </path>
              );
            })}
          </g>
        <g className="map-legend" transform={`translate(0,${legendTop})`}>
          <text x={across(4)} y={6} textAnchor={anchor} className="chart-label" dominantBaseline="middle">{measure?.legend ?? t('chart_map_legend')}</text>
          {steps.map(({ fill, label }, i) => (
            <g key={fill} transform={`translate(${across(4 + (i % perRow) * stepW, stepW - 2)},${16 + Math.floor(i / perRow) * 36})`} className="map-legend-step">
              <rect width={stepW - 2} height={10} fill={fill} />
              <text x={rtl ? stepW - 2 : 0} y={22} textAnchor={anchor} className="chart-label" dominantBaseline="middle">{label}</text>
            </g>
          ))}
          <g transform={`translate(${across(4)},${keysY})`}>
            <rect x={rtl ? -14 : 0} width={14} height={10} fill={NO_FIGURE_FILL} stroke={NO_FIGURE_BORDER} />
            <text x={rtl ? -18 : 18} y={5} textAnchor={anchor} className="chart-label" dominantBaseline="middle">{t('chart_map_no_figure')}</text>
          </g>
        </g>
        {noteRow > 0 && (
          <text x={across(4)} y={legendTop + legendH + 10} textAnchor={anchor} className="chart-note" dominantBaseline="middle">
            {t('chart_map_off_map', { count: placed.offMap.length })}
          </text>
        )}
      </>
    );
    return { height: legendTop + legendH + noteRow, body };
  };
  return (
    <ChartFrame
      title={title}
      summary={measure?.summary ?? summarize(data.cells, t, n)}
      table={measure?.table ?? <ChartTable caption={title} cells={data.cells} />}
      draw={draw}
      notes={[hiddenNote(hiddenValuesOf(data.cells), t)]}
    />
  );
};
