import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type CrossTable, type StatCell, type TreeCell } from '../../../domain/contracts/stats';
import { fallbackLang } from './localNames';
import { useNumbers } from './useNumbers';

/** How a hidden figure reads in a table: never a zero, and not claiming it is under k either. */
export const HiddenFigure = ({ threshold }: { threshold: number }) => {
  const { t } = useTranslation();
  return <span className="stat-hidden">{t('chart_hidden', { k: threshold })}</span>;
};

const Figures = ({ cell }: { cell: StatCell }) => {
  const n = useNumbers();
  return isSuppressed(cell) ? (
    <td colSpan={2}><HiddenFigure threshold={cell.threshold} /></td>
  ) : (
    <>
      <td className="num">{n.count(cell.count)}</td>
      <td className="num">{n.percent(cell.percent)}</td>
    </>
  );
};

interface Row {
  readonly cell: StatCell;
  readonly depth: number;
}

const flatten = (nodes: readonly TreeCell[], depth = 0): Row[] =>
  nodes.flatMap((n) => [{ cell: n, depth }, ...flatten(n.children, depth + 1)]);

/** A list of figures (a distribution, or a tree walked depth first) as a table with full names. */
export const ChartTable = ({ caption, cells, tree }: { caption: string; cells?: readonly StatCell[]; tree?: readonly TreeCell[] }) => {
  const { t } = useTranslation();
  const rows: Row[] = tree ? flatten(tree) : (cells ?? []).map((cell) => ({ cell, depth: 0 }));
  return (
    <table className="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('chart_col_name')}</th>
          <th scope="col" className="num">{t('chart_col_count')}</th>
          <th scope="col" className="num">{t('chart_col_percent')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ cell, depth }, i) => (
          <tr key={`${cell.key}-${i}`} data-depth={depth}>
            <th scope="row" style={depth ? { paddingInlineStart: `${depth * 1.25 + 0.5}rem` } : undefined}>
              {depth > 0 && <span className="visually-hidden">{t('chart_level', { level: depth + 1 })} </span>}
              <span lang={fallbackLang(cell)}>{cell.label}</span>
            </th>
            <Figures cell={cell} />
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/** Rows by columns (gender by age band) with both margins. */
export const CrossChartTable = ({ caption, table }: { caption: string; table: CrossTable }) => {
  const { t } = useTranslation();
  const n = useNumbers();
  const show = (cell: StatCell) =>
    isSuppressed(cell) ? <HiddenFigure threshold={cell.threshold} /> : `${n.count(cell.count)} (${n.percent(cell.percent)})`;
  return (
    <table className="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          {table.columns.map((c) => (
            <th key={c.key} scope="col" lang={fallbackLang(c)}>{c.label}</th>
          ))}
          <th scope="col">{t('chart_total')}</th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r, i) => (
          <tr key={r.key}>
            <th scope="row" lang={fallbackLang(r)}>{r.label}</th>
            {table.columns.map((c, j) => (
              <td key={c.key} className="num">{table.cells[i]?.[j] ? show(table.cells[i][j]) : ''}</td>
            ))}
            <td className="num">{table.rowTotals[i] ? show(table.rowTotals[i]) : ''}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('chart_total')}</th>
          {table.columns.map((c, j) => (
            <td key={c.key} className="num">{table.columnTotals[j] ? show(table.columnTotals[j]) : ''}</td>
          ))}
          <td className="num">{n.count(table.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
};
