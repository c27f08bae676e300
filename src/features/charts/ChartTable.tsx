import { useMemo, useState } from 'react';
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

/** How the table is ordered: by name, or by size (people and share order alike). */
export type TableOrder = { readonly by: 'name' | 'size'; readonly descending: boolean };

const sizeOf = (cell: StatCell): number => (isSuppressed(cell) ? -1 : cell.percent);

/** Siblings in the asked order; hidden ones last whatever the direction, since their size is not told. */
export const orderCells = <C extends StatCell>(cells: readonly C[], order: TableOrder, collator: Intl.Collator): C[] => {
  const direction = order.descending ? -1 : 1;
  const released = cells.filter((cell) => !isSuppressed(cell));
  const hidden = cells.filter(isSuppressed);
  const byName = (a: C, b: C) => collator.compare(a.label, b.label);
  const sorted = order.by === 'name'
    ? [...released].sort((a, b) => direction * byName(a, b))
    : [...released].sort((a, b) => direction * (sizeOf(a) - sizeOf(b)) || byName(a, b));
  return [...sorted, ...[...hidden].sort(byName)];
};

const flatten = (nodes: readonly TreeCell[], order: TableOrder, collator: Intl.Collator, depth = 0): Row[] =>
  orderCells(nodes, order, collator).flatMap((n) => [{ cell: n, depth }, ...flatten(n.children, order, collator, depth + 1)]);

/** A column header that orders the table: a button, with aria-sort saying the order in force. */
const SortHeader = ({ label, by, order, onOrder, numeric = false }: { label: string; by: TableOrder['by']; order: TableOrder; onOrder: (order: TableOrder) => void; numeric?: boolean }) => {
  const active = order.by === by;
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={active ? (order.descending ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onOrder({ by, descending: active ? !order.descending : by === 'size' })}
      >
        {label}
        <span aria-hidden="true">{active ? (order.descending ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
};

/**
 * A list of figures (a distribution, or a tree walked depth first) as a table with full names,
 * largest first; a column header orders it by name or size (a tree orders each level, keeping
 * children under their parent). Hidden values stay last: their size is not told.
 */
export const ChartTable = ({ caption, cells, tree }: { caption: string; cells?: readonly StatCell[]; tree?: readonly TreeCell[] }) => {
  const { t, language } = useTranslation();
  const [order, setOrder] = useState<TableOrder>({ by: 'size', descending: true });
  const collator = useMemo(() => new Intl.Collator(language), [language]);
  const rows: Row[] = tree ? flatten(tree, order, collator) : orderCells(cells ?? [], order, collator).map((cell) => ({ cell, depth: 0 }));
  return (
    <table className="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <SortHeader label={t('chart_col_name')} by="name" order={order} onOrder={setOrder} />
          <SortHeader label={t('chart_col_count')} by="size" order={order} onOrder={setOrder} numeric />
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
