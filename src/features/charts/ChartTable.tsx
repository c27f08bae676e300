import { useMemo, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { isSuppressed, type CrossTable, type StatCell, type TreeCell } from '../../../domain/contracts/stats';
import { type Amount, atMostText, cardWhole, reachesWhole } from '../../../domain/charts';
import { fallbackLang } from './localNames';
import { useNumbers } from './useNumbers';

/** How a hidden figure reads in a table: never a zero, and not claiming it is under k either. */
export const HiddenFigure = ({ threshold }: { threshold: number }) => {
  const { t } = useTranslation();
  return <span className="stat-hidden">{t('chart_hidden', { k: threshold })}</span>;
};

/** A value's people and share; `whole` (its parent's or the card's count) marks a part that reaches it "≤". */
const Figures = ({ cell, whole }: { cell: StatCell; whole: Amount | undefined }) => {
  const n = useNumbers();
  return isSuppressed(cell) ? (
    <td colSpan={2}><HiddenFigure threshold={cell.threshold} /></td>
  ) : (
    <>
      <td className="num">{n.count(cell.count)}</td>
      <td className="num">{atMostText(n.percent(cell.percent), whole !== undefined && reachesWhole(cell, whole))}</td>
    </>
  );
};

interface Row {
  readonly cell: StatCell;
  readonly depth: number;
  /** The released figure of what the value is a part of (its parent, or the card's total). */
  readonly whole: Amount | undefined;
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

const flatten = (nodes: readonly TreeCell[], order: TableOrder, collator: Intl.Collator, whole: Amount | undefined, depth = 0): Row[] =>
  orderCells(nodes, order, collator).flatMap((n) => [{ cell: n, depth, whole }, ...flatten(n.children, order, collator, isSuppressed(n) ? undefined : n, depth + 1)]);

/**
 * A column header that orders the table: a button, with aria-sort saying the order in force.
 * A first press orders figures largest first and names from A; a second press turns it round.
 */
const SortHeader = ({ label, active, descending, onSort, numeric = false, lang }: {
  label: string;
  active: boolean;
  descending: boolean;
  onSort: (descending: boolean) => void;
  numeric?: boolean;
  lang?: string;
}) => (
  <th scope="col" className={numeric ? 'num' : undefined} lang={lang} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
    <button type="button" className="sort-button" onClick={() => onSort(active ? !descending : numeric)}>
      {label}
      <span aria-hidden="true">{active ? (descending ? ' ▼' : ' ▲') : ''}</span>
    </button>
  </th>
);

/**
 * A list of figures (a distribution, or a tree walked depth first) as a table with full names,
 * largest first; a column header orders it by name or size (a tree orders each level, keeping
 * children under their parent). Hidden values stay last: their size is not told.
 */
export const ChartTable = ({ caption, cells, tree, total }: { caption: string; cells?: readonly StatCell[]; tree?: readonly TreeCell[]; total?: number }) => {
  const { t, language } = useTranslation();
  const [order, setOrder] = useState<TableOrder>({ by: 'size', descending: true });
  const collator = useMemo(() => new Intl.Collator(language), [language]);
  const whole = total === undefined ? undefined : cardWhole(total);
  const rows: Row[] = tree ? flatten(tree, order, collator, whole) : orderCells(cells ?? [], order, collator).map((cell) => ({ cell, depth: 0, whole }));
  return (
    <table className="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <SortHeader label={t('chart_col_name')} active={order.by === 'name'} descending={order.descending} onSort={(descending) => setOrder({ by: 'name', descending })} />
          <SortHeader label={t('chart_col_count')} active={order.by === 'size'} descending={order.descending} onSort={(descending) => setOrder({ by: 'size', descending })} numeric />
          <th scope="col" className="num">{t('chart_col_percent')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ cell, depth, whole }, i) => (
          <tr key={`${cell.key}-${i}`} data-depth={depth}>
            <th scope="row" style={depth ? { paddingInlineStart: `${depth * 1.25 + 0.5}rem` } : undefined}>
              {depth > 0 && <span className="visually-hidden">{t('chart_level', { level: depth + 1 })} </span>}
              <span lang={fallbackLang(cell)}>{cell.label}</span>
            </th>
            <Figures cell={cell} whole={whole} />
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/**
 * How a cross table's rows are ordered: as released (null), by their names, by one column's
 * figures (its index) or by their totals.
 */
export type CrossOrder = { readonly by: 'name' | 'total' | number; readonly descending: boolean } | null;

/**
 * The table's row indices in the asked order. Rows whose figure in the sorted column is hidden
 * (or absent) come last whatever the direction, by name, since their size is not told.
 */
export const orderCrossRows = (table: CrossTable, order: CrossOrder, collator: Intl.Collator): number[] => {
  const indices = table.rows.map((_, i) => i);
  if (order === null) return indices;
  const direction = order.descending ? -1 : 1;
  const byName = (a: number, b: number) => collator.compare(table.rows[a]!.label, table.rows[b]!.label);
  if (order.by === 'name') return indices.sort((a, b) => direction * byName(a, b));
  const column = order.by;
  const figureOf = (i: number): number | null => {
    const cell = column === 'total' ? table.rowTotals[i] : table.cells[i]?.[column];
    return cell === undefined || isSuppressed(cell) ? null : cell.count;
  };
  const known = indices.filter((i) => figureOf(i) !== null);
  const hidden = indices.filter((i) => figureOf(i) === null);
  return [...known.sort((a, b) => direction * (figureOf(a)! - figureOf(b)!) || byName(a, b)), ...hidden.sort(byName)];
};

/**
 * Rows by columns (gender by age band) with both margins, first in the released order (age
 * bands stay in age order); any column header orders the rows by its figures, the first by name.
 */
export const CrossChartTable = ({ caption, table }: { caption: string; table: CrossTable }) => {
  const { t, language } = useTranslation();
  const n = useNumbers();
  const [order, setOrder] = useState<CrossOrder>(null);
  const collator = useMemo(() => new Intl.Collator(language), [language]);
  const rows = orderCrossRows(table, order, collator);
  const show = (cell: StatCell) =>
    isSuppressed(cell) ? <HiddenFigure threshold={cell.threshold} /> : `${n.count(cell.count)} (${n.percent(cell.percent)})`;
  const header = (by: 'name' | 'total' | number, label: string, lang?: string) => (
    <SortHeader
      key={String(by)}
      label={label}
      lang={lang}
      numeric={by !== 'name'}
      active={order?.by === by}
      descending={order?.descending ?? false}
      onSort={(descending) => setOrder({ by, descending })}
    />
  );
  return (
    <table className="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {header('name', t('chart_col_name'))}
          {table.columns.map((c, j) => header(j, c.label, fallbackLang(c)))}
          {header('total', t('chart_total'))}
        </tr>
      </thead>
      <tbody>
        {rows.map((i) => {
          const r = table.rows[i]!;
          return (
            <tr key={r.key}>
              <th scope="row" lang={fallbackLang(r)}>{r.label}</th>
              {table.columns.map((c, j) => (
                <td key={c.key} className="num">{table.cells[i]?.[j] ? show(table.cells[i][j]) : ''}</td>
              ))}
              <td className="num">{table.rowTotals[i] ? show(table.rowTotals[i]) : ''}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('chart_total')}</th>
          {table.columns.map((c, j) => (
            <td key={c.key} className="num">{table.columnTotals[j] ? show(table.columnTotals[j]) : ''}</td>
          ))}
          {/* No count of the whole: the page says its respondents once, the same for every card. */}
          <td />
        </tr>
      </tfoot>
    </table>
  );
};
