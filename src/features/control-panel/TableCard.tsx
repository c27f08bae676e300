import type { ReactNode } from 'react';
import { Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { Section } from '../../hooks/resources';
import { ListState } from '../../components/ListState';

interface ListTableProps<T extends { readonly id: string }> {
  readonly section: Section<readonly T[]>;
  readonly empty: string;
  /** The rows when they are not all of the section's data (a filtered list); the empty text then follows them. */
  readonly items?: readonly T[];
  /** Column labels; the first column is the row header. */
  readonly columns: readonly ReactNode[];
  /** What the cells read besides the item: rows are only rendered again when one of these changes. */
  readonly dependencies?: readonly unknown[];
  readonly cells: (item: T) => ReactNode;
  readonly label?: string;
  readonly labelledBy?: string;
}

/** A list's loading, error or empty line, else its table, one row per item. */
export const ListTable = <T extends { readonly id: string }>({
  section, empty, items, columns, dependencies, cells, label, labelledBy,
}: ListTableProps<T>) => {
  const rows = items ?? section.data ?? [];
  return (
    <>
      <ListState section={section} empty={empty} count={items?.length} />
      {rows.length > 0 && (
        // On a phone the table scrolls sideways under its fixed first column: the keyboard can reach the region to scroll it.
        <div className="table-scroll" role="group" tabIndex={0} aria-label={label} aria-labelledby={labelledBy}>
          <Table aria-label={label} aria-labelledby={labelledBy} className="data-table">
            <TableHeader>
              {columns.map((column, index) => (
                // The columns never move, so their place is their identity.
                <Column key={index} isRowHeader={index === 0}>{column}</Column>
              ))}
            </TableHeader>
            <TableBody items={rows} dependencies={dependencies}>
              {(item) => <Row id={item.id}>{cells(item)}</Row>}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
};

interface TableCardProps<T extends { readonly id: string }> extends Omit<ListTableProps<T>, 'label' | 'labelledBy'> {
  readonly headingId: string;
  readonly title: string;
  /** Beside the title, for example the button that creates an item. */
  readonly action?: ReactNode;
  /** Between the header and the list: help text, alerts, status lines. */
  readonly intro?: ReactNode;
  /**
   * How the table gets its accessible name: an aria-label with the title, or aria-labelledby
   * pointing at the heading, as the survey links table always has. Both give the same name;
   * the choice only keeps each table's markup as it was.
   */
  readonly tableName?: 'title' | 'heading';
  /** After the table, inside the card: the dialogs the list opens. */
  readonly children?: ReactNode;
}

/** A card with a titled header and one list: its loading, error or empty line, else its table. */
export const TableCard = <T extends { readonly id: string }>({
  headingId, title, action, intro, tableName = 'title', children, ...list
}: TableCardProps<T>) => (
  <section className="card stack" aria-labelledby={headingId}>
    <div className="card-header">
      <h2 id={headingId}>{title}</h2>
      {action}
    </div>
    {intro}
    <ListTable {...list} {...(tableName === 'title' ? { label: title } : { labelledBy: headingId })} />
    {children}
  </section>
);
