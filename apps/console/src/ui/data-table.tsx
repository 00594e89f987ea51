/**
 * A table of rows with a caption and column headers (`@tanstack/react-table` builds the model;
 * the markup is ours). Row headers: the first column's cells are `<th scope="row">`.
 */
import { type ColumnDef, createColumnHelper, FlexRender, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import './data-table.css';

const features = tableFeatures({});
export type TableFeaturesOf = typeof features;
// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column (the library's own ColumnDef array type).
export type Columns<Row extends RowData> = ColumnDef<TableFeaturesOf, Row, any>[];
export const columnsOf = <Row extends RowData>() => createColumnHelper<TableFeaturesOf, Row>();

export function DataTable<Row extends RowData>(props: {
  caption: ReactNode;
  columns: Columns<Row>;
  data: Row[];
  rowId: (row: Row) => string;
  empty: ReactNode;
  /** The caption is for screen readers only where the screen's heading already says it. */
  isCaptionHidden?: boolean;
}) {
  const table = useTable({
    features,
    columns: props.columns,
    data: props.data,
    getRowId: (row: Row) => props.rowId(row),
  });
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className={props.isCaptionHidden ? 'visually-hidden' : undefined}>{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={props.columns.length} className="data-table-empty">
                {props.empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell, index) =>
                  index === 0 ? (
                    <th key={cell.id} scope="row">
                      <FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id}>
                      <FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
