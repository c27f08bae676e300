import { useId, useState, type ReactNode } from 'react';
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
export const ChartFrame = ({
  title, summary, width, height, table, children, cut = [],
}: {
  title: string;
  summary: string;
  width: number;
  height: number;
  table: ReactNode;
  children: ReactNode;
  cut?: readonly CutLabel[];
}) => {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <figure className="chart">
      <div className="chart-toolbar">
        <Button className="button ghost small" aria-expanded={asTable} aria-controls={tableId} onPress={() => setAsTable((v) => !v)}>
          {asTable ? t('chart_show_chart') : t('chart_show_table')}
        </Button>
      </div>
      {asTable ? (
        <div id={tableId} className="chart-table-wrap">{table}</div>
      ) : (
        <svg
          className="chart-svg"
          role="img"
          aria-label={`${title}. ${summary}`}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          preserveAspectRatio="xMinYMin meet"
          tabIndex={cut.length > 0 ? 0 : undefined}
        >
          <HatchDefs />
          {children}
        </svg>
      )}
      {!asTable && cut.length > 0 && (
        // Shown while the chart has the focus (styles.css); the summary already says these names to a screen reader.
        <dl className="chart-full-names" aria-hidden="true">
          {cut.map((label) => (
            <div key={label.full}>
              <dt>{label.shown}</dt>
              <dd>{label.full}</dd>
            </div>
          ))}
        </dl>
      )}
    </figure>
  );
};
