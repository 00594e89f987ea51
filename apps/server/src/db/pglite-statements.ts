/**
 * Prepared statements for PGlite (decision 032). PGlite's own `query` sends every statement as six
 * trips into the database (parse, describe, bind, describe, execute, sync), and the database parses
 * and plans it each time. A statement text seen again is kept here as a named prepared statement,
 * with its parameter types and result columns, and then runs in one trip (bind, execute, sync)
 * without being parsed again; a text seen once runs unnamed in two. The answers, the errors and the
 * locks (PGlite's query and transaction mutexes) are PGlite's own, so drizzle sees no difference.
 */
import { messages, type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Named statements kept at most; the least recently used one is closed to make room. */
const MAX_PREPARED = 300;
/** Texts remembered as seen once, so that the second run prepares them. */
const MAX_SEEN = 2_000;

type Field = { name: string; dataTypeID: number };
type Prepared = { name: string; paramTypes: number[]; fields: Field[] };
type Query = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** The part of PGlite this module drives: its public protocol calls and the mutexes its own `query` takes. */
type Engine = Pick<
  PGlite,
  | 'execProtocolStream'
  | 'execProtocolRawStream'
  | 'serializers'
  | 'parsers'
  | 'syncToFs'
  | '_runExclusiveQuery'
  | '_runExclusiveTransaction'
  | '_checkReady'
>;

const joined = (parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

const EXECUTE_AND_SYNC = joined([serialize.execute({}), serialize.sync()]);

type Value = string | ArrayBufferView | null;

/**
 * A Bind message (the protocol's 'B') for a named or unnamed statement, with text results. The
 * values are measured and written by Node's native UTF-8 code: PGlite's own serializer, written
 * for browsers too, measures every string in a JavaScript loop, which is most of the cost of
 * sending a mail's body or a batch's record set.
 */
export function bindMessage(statement: string, values: Value[]): Uint8Array {
  const statementBytes = Buffer.byteLength(statement);
  let length = 4 + 1 + statementBytes + 1 + 2 + 2 * values.length + 2 + 2;
  for (const value of values)
    length += 4 + (value === null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength);
  const out = Buffer.allocUnsafe(1 + length);
  let at = out.writeUInt8(0x42, 0);
  at = out.writeInt32BE(length, at);
  at = out.writeUInt8(0, at); // the unnamed portal
  at += out.write(statement, at);
  at = out.writeUInt8(0, at);
  // Each parameter's format: text, or binary for bytes.
  at = out.writeUInt16BE(values.length, at);
  for (const value of values) at = out.writeUInt16BE(value !== null && typeof value !== 'string' ? 1 : 0, at);
  at = out.writeUInt16BE(values.length, at);
  for (const value of values) {
    if (value === null) at = out.writeInt32BE(-1, at);
    else if (typeof value === 'string') {
      const written = out.write(value, at + 4);
      at = out.writeInt32BE(written, at) + written;
    } else {
      at = out.writeInt32BE(value.byteLength, at);
      out.set(new Uint8Array(value.buffer, value.byteOffset, value.byteLength), at);
      at += value.byteLength;
    }
  }
  out.writeUInt16BE(0, at); // every result column as text
  return out;
}

/** The fields of an ErrorResponse, as PGlite's protocol parser names them on its DatabaseError. */
const errorFields: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function databaseError(data: Buffer, from: number, to: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  for (let at = from; at < to && data[at] !== 0; ) {
    const end = data.indexOf(0, at + 1);
    fields[String.fromCharCode(data[at] as number)] = data.toString('utf8', at + 1, end);
    at = end + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? 'database error', to - from + 4, 'error');
  for (const [key, name] of Object.entries(errorFields))
    if (fields[key] !== undefined) Object.assign(error, { [name]: fields[key] });
  return error;
}

/** Commands whose count PGlite adds to `affectedRows`. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The answer to a Bind, Execute and Sync, read as PGlite's `query` answers (its rows parsed by
 * column type, its command and counts). Node decodes the text natively; a database error is thrown.
 */
export function readAnswer<T>(
  raw: Uint8Array,
  fields: Field[],
  parsers: Record<number | string, (value: string, type: number) => unknown>,
  options: QueryOptions | undefined,
): Results<T> {
  const data = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const rows: unknown[] = [];
  const parserOf = fields.map((field) => options?.parsers?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
  let tag: string | null = null;
  for (let at = 0; at < data.length; ) {
    const type = data[at];
    const end = at + 1 + data.readInt32BE(at + 1);
    if (type === 0x44) {
      // DataRow: a count, then each value's length (-1 for null) and text.
      const row: unknown[] = new Array(data.readInt16BE(at + 5));
      let next = at + 7;
      for (let index = 0; index < row.length; index += 1) {
        const length = data.readInt32BE(next);
        next += 4;
        if (length < 0) row[index] = null;
        else {
          const text = data.toString('utf8', next, next + length);
          const parser = parserOf[index];
          row[index] = parser ? parser(text, (fields[index] as Field).dataTypeID) : text;
          next += length;
        }
      }
      rows.push(
        options?.rowMode === 'array' ? row : Object.fromEntries(fields.map((field, index) => [field.name, row[index]] as const)),
      );
    } else if (type === 0x43) tag = data.toString('utf8', at + 5, end - 1);
    else if (type === 0x45) throw databaseError(data, at + 5, end);
    at = end;
  }
  const results: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
  if (tag === null) return results;
  // As PGlite reads a command tag: one with a count ends in it ("SELECT 2", "INSERT 0 5").
  const parts = tag.split(' ');
  const command = parts[0] as string;
  const rowCount = Number.parseInt(parts[parts.length - 1] as string, 10);
  const changes = COUNTED_COMMANDS.has(command);
  return {
    ...results,
    command,
    affectedRows: changes ? rowCount : 0,
    ...(Number.isNaN(rowCount) ? {} : { rowCount }),
  } as Results<T>;
}

export type PreparingClient = PGlite & {
  /** Named statements held now (for tests and the benchmark). */
  readonly preparedCount: number;
  /**
   * False: every statement takes PGlite's own path, as without this module (the benchmarks'
   * yardstick from before it). True unless set.
   */
  prepares: boolean;
};

/**
 * `client` with `query` (outside and inside its transactions) running through prepared
 * statements; everything else is the client's own.
 */
export function withPreparedStatements(client: PGlite): PreparingClient {
  const engine = client as unknown as Engine;
  /** Insertion order is use order: a hit is moved to the end, the first is the least recently used. */
  const prepared = new Map<string, Prepared>();
  const seen = new Set<string>();
  /** Statements evicted, closed before the next statement runs. */
  let toClose: string[] = [];
  let next = 0;
  let prepares = true;

  const send = (parts: Uint8Array[]) => engine.execProtocolStream(joined(parts), { syncToFs: false });

  function closing(): Uint8Array[] {
    const parts = toClose.map((name) => serialize.close({ type: 'S', name }));
    toClose = [];
    return parts;
  }

  function values(params: unknown[], paramTypes: number[], options: QueryOptions | undefined): Value[] {
    return params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = paramTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? engine.serializers[type];
      return serializer ? (serializer(param) as Value) : String(param);
    });
  }

  async function describe(name: string, text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const messages = await send([
      ...closing(),
      serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const columns = messages.find((message): message is messages.RowDescriptionMessage => message.name === 'rowDescription');
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: columns?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) ?? [],
    };
  }

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    // Parameter types given by the caller belong to that run alone: such a statement is not kept.
    if (options?.paramTypes) return describe('', text, options);
    const known = prepared.get(text);
    if (known) {
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    if (!seen.has(text)) {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.add(text);
      return describe('', text, options);
    }
    seen.delete(text);
    next += 1;
    const statement = await describe(`storefront_${next}`, text, options);
    prepared.set(text, statement);
    if (prepared.size > MAX_PREPARED) {
      const [oldestText, oldest] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldestText);
      toClose.push(oldest.name);
    }
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      const statement = await statementFor(text, options);
      // The answer's bytes as they come, copied out of the engine's memory and read here alone
      // (PGlite's own raw call would parse them too).
      const chunks: Uint8Array[] = [];
      await engine.execProtocolRawStream(
        joined([bindMessage(statement.name, values(params, statement.paramTypes, options)), EXECUTE_AND_SYNC]),
        { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
      );
      const results = readAnswer<T>(
        chunks.length === 1 ? (chunks[0] as Uint8Array) : joined(chunks),
        statement.fields,
        engine.parsers,
        options,
      );
      if (!inTransaction) await engine.syncToFs();
      return results;
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : null;
      const known = prepared.get(text);
      // A kept statement whose table has changed its columns is refused (0A000), and one the
      // engine no longer holds is unknown (26000): it is prepared afresh, at once where no
      // transaction was spoiled by the refusal.
      if (known && (code === '0A000' || code === '26000')) {
        prepared.delete(text);
        if (code === '0A000') toClose.push(known.name);
        seen.add(text);
        if (!inTransaction) return run(text, params, options, inTransaction);
      }
      // As PGlite's own query reports a database error: with the statement and its parameters.
      if (code !== null) Object.assign(error as Error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  const query: Query = async (text, params = [], options) => {
    // A file attached to the statement (COPY) takes PGlite's own path.
    if (options?.blob) return client.query(text, params, options);
    await engine._checkReady();
    return engine._runExclusiveTransaction(() => engine._runExclusiveQuery(() => run(text, params, options, false)));
  };

  const inside = (tx: Transaction): Transaction => {
    const txQuery: Query = async (text, params = [], options) => {
      if (tx.closed) throw new Error('Transaction is closed');
      if (options?.blob) return tx.query(text, params, options);
      return engine._runExclusiveQuery(() => run(text, params, options, true));
    };
    return new Proxy(tx, { get: (target, key) => (key === 'query' ? txQuery : Reflect.get(target, key, target)) });
  };

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query' && prepares) return query;
      if (key === 'transaction' && prepares)
        return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) => callback(inside(tx)));
      if (key === 'preparedCount') return prepared.size;
      if (key === 'prepares') return prepares;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, key, value) {
      if (key === 'prepares') prepares = value === true;
      else Reflect.set(target, key, value, target);
      return true;
    },
  }) as PreparingClient;
}
