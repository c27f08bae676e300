import { createContext, useContext, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import type { CutLabel } from './format';
import { HATCH_ID } from './palette';

/** The stripes that stand for a hidden figure: it is there, but its size is not told. */
export const HatchDefs = () => (
  <defs>
    <pattern id={HATCH_ID} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="6" height="6" fill="#f2f2f2" />
      <line x1="0" y1="0" x2="0" y2="6" stroke="#6b6b6b" strokeWidth="2" />
    </pattern>
  </defs>
);

/**
 * One chart: the SVG (an image with a spoken summary) and the same figures as a table, behind
 * a toggle. The table is the full account; the summary only names the largest figures.
 * A chart whose labels are cut can take the keyboard's focus, which shows under it the full
 * name of each cut label: the pointer reads them in the labels' titles, a screen reader in the
 * summary, and the keyboard here without opening the table.
 */
/** What a chart drawn at a measured width gives back: its height and its marks. */
export interface Drawing {
  readonly height: number;
  readonly body: ReactNode;
  /** The labels drawn cut at this width, with their full names. */
  readonly cut?: readonly CutLabel[];
}

/** The width charts are drawn at before the card is measured (and in tests without layout). */
export const DEFAULT_CHART_WIDTH = 480;
/** Below this width a chart lays itself out for a phone: labels above the bars, legends below. */
export const NARROW_CHART = 440;

/**
 * How much larger than the page a chart is shown: 1 on the dashboards; the slide show draws its
 * charts at a fraction of the slide's width and shows them that much larger, for a room.
 */
export const ChartScale = createContext(1);

/**
 * The card's inner width in CSS pixels, followed as it changes: charts are drawn at that width
 * (not scaled), so their text stays 12 px on a phone as on a desktop.
 */
export const useMeasuredWidth = (scale: number) => {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(DEFAULT_CHART_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width / scale);
      if (measured > 0) setWidth(Math.max(240, Math.min(880, measured)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scale]);
  return { ref, width };
};

export const ChartFrame = ({
  title, summary, width: fixedWidth, height: fixedHeight, table, children, cut = [], draw, notes = [],
}: {
  title: string;
  summary: string;
  width?: number;
  height?: number;
  table: ReactNode;
  children?: ReactNode;
  cut?: readonly CutLabel[];
  /** Draws the chart at the card's measured width (instead of a fixed picture scaled to fit). */
  draw?: (width: number) => Drawing;
  /** Sentences under the chart, said once (hidden values, values only in the table). */
  notes?: readonly string[];
}) => {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const scale = useContext(ChartScale);
  const measured = useMeasuredWidth(scale);
  const drawing = draw?.(measured.width);
  const width = drawing ? measured.width : fixedWidth ?? DEFAULT_CHART_WIDTH;
  const height = drawing ? drawing.height : fixedHeight ?? 0;
  const cutShown = drawing?.cut ?? cut;
  return (
    <figure className={`chart${drawing ? ' chart-measured' : ''}`} ref={measured.ref}>
      <div className="chart-toolbar">
        <Button className="button ghost small" aria-expanded={asTable} aria-controls={tableId} onPress={() => setAsTable((v) => !v)}>
          {asTable ? t('chart_show_chart') : t('chart_show_table')}
        </Button>
      </div>
      {asTable ? (
        // The table may be wider than a phone: it scrolls in its own region, which the keyboard can reach.
        <div id={tableId} className="chart-table-wrap" role="region" tabIndex={0} aria-label={t('chart_table_region', { title })}>{table}</div>
      ) : (
        <svg
          className="chart-svg"
          role="img"
          aria-label={`${title}. ${summary}`}
          viewBox={`0 0 ${width} ${height}`}
          width={drawing ? width * scale : '100%'}
          height={drawing ? height * scale : undefined}
          preserveAspectRatio="xMinYMin meet"
          tabIndex={cutShown.length > 0 ? 0 : undefined}
        >
          <HatchDefs />
          {drawing ? drawing.body : children}
        </svg>
      )}
      {!asTable && cutShown.length > 0 && (
        // Shown while the chart has the focus (styles.css); the summary already says these names to a screen reader.
        <dl className="chart-full-names" aria-hidden="true">
          {cutShown.map((label) => (
            <div key={label.full}>
              <dt>{label.shown}</dt>
              <dd>{label.full}</dd>
            </div>
          ))}
        </dl>
      )}
      {!asTable && notes.filter((note) => note !== '').map((note) => (
        <p key={note} className="chart-note-text">{note}</p>
      ))}
    </figure>
  );
};
