/**
 * Many rows in one insert whose text is the same whatever their number (decision 032): the rows
 * go as one JSON parameter, read back as a record set of the table's own column types. Drizzle's
 * multi-row insert writes a parameter per value, which it takes about a millisecond to build for a
 * batch of thirty, and whose text changes with the batch, so PGlite cannot keep it prepared.
 */
import { getTableColumns, type InferInsertModel, type InferSelectModel, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

export type InsertRowsOptions = {
  /**
   * Rows that would break a unique rule are left out (`on conflict do nothing`): any rule (true),
   * or that of one column only (the others still throw).
   */
  skipConflicts?: true | PgColumn;
  /** Answer the rows written (all their columns, in no particular order); nothing otherwise. */
  returning?: boolean;
};

/** A column's type for the record set (a serial is its integer type there). */
const recordType = (column: PgColumn): string =>
  ({ serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' })[column.getSQLType()] ?? column.getSQLType();

/** A value as the record set reads it: JSON and arrays as they are, anything else as the column writes it. */
function jsonValue(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  if (column.dataType === 'json' || column.dataType === 'array') return value;
  return column.mapToDriverValue(value);
}

/**
 * Inserts `rows` into `table`, drizzle's own defaults (`$defaultFn`, `$onUpdateFn`) applied as
 * its insert applies them and the database's for columns no row gives. Rows that give different
 * columns are inserted by drizzle.
 */
export async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: InferInsertModel<T>[],
  options: InsertRowsOptions = {},
): Promise<InferSelectModel<T>[]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const complete = rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const [key, column] of columns) {
      if (out[key] !== undefined) continue;
      if (column.defaultFn) out[key] = column.defaultFn();
      else if (!column.default && column.onUpdateFn) out[key] = column.onUpdateFn();
    }
    return out;
  });
  const given = columns.filter(([key]) => complete[0]?.[key] !== undefined);
  const givenKeys = new Set(given.map(([key]) => key));
  const same = complete.every((row) => columns.every(([key]) => (row[key] !== undefined) === givenKeys.has(key)));
  const target = options.skipConflicts === true ? undefined : options.skipConflicts;
  if (!same) {
    const values = db.insert(table).values(rows);
    const insert = options.skipConflicts ? values.onConflictDoNothing(target ? { target } : {}) : values;
    if (!options.returning) {
      await insert;
      return [];
    }
    return (await insert.returning()) as InferSelectModel<T>[];
  }
  const records = complete.map((row) =>
    Object.fromEntries(given.map(([key, column]) => [column.name, jsonValue(column, row[key])])),
  );
  const names = sql.join(
    given.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const shape = sql.join(
    given.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(recordType(column))}`),
    sql`, `,
  );
  const conflicts = target ? sql`on conflict (${sql.identifier(target.name)}) do nothing` : sql`on conflict do nothing`;
  const written = await db.execute(
    sql`insert into ${table} (${names})
        select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as each(${shape})
        ${options.skipConflicts ? conflicts : sql``}
        ${options.returning ? sql`returning *` : sql``}`,
  );
  return (written as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>,
  );
}
