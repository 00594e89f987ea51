import { PGlite, protocol } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindMessage, withPreparedStatements } from './pglite-statements.ts';

/** One statement, run the way drizzle runs it: in arrays with its parsers, or as objects. */
type Case = { text: string; params: unknown[]; options?: { rowMode?: 'array' | 'object' } };

const cases: Case[] = [
  {
    text: `select id, name, tags, data, at, price, ok, raw, missing from things where id = any($1::int[]) order by id`,
    params: ['{1,2,3}'],
    options: { rowMode: 'array' },
  },
  { text: `select * from things where name = $1`, params: ['日本語の名前'] },
  { text: `select count(*)::int as n, sum(price) as total from things where ok = $1`, params: [true] },
  { text: `update things set price = price + $1 where id <= $2`, params: [1, 2] },
  {
    text: `insert into things (name, tags, data, at, price, ok, raw) values ($1, $2, $3, $4, $5, $6, $7)
      on conflict (name) do update set price = excluded.price returning id, data`,
    params: ['new', ['x', 'y'], { a: [1, 'two'] }, new Date('2026-11-29T10:00:00Z'), '9.50', false, new Uint8Array([0, 255])],
  },
  { text: `delete from things where name = $1`, params: ['nothing'] },
  { text: `select $1::text as echo, $2::int as nothing`, params: ['<p style="color:red">'.repeat(2000), null] },
];

describe('prepared statements on PGlite', () => {
  let plain: PGlite;
  let preparing: ReturnType<typeof withPreparedStatements>;

  const setUp = async (db: { exec(query: string): Promise<unknown> }) => {
    await db.exec(`create table things (
      id serial primary key, name text unique not null, tags text[], data jsonb, at timestamptz,
      price numeric, ok boolean, raw bytea, missing text);
      insert into things (name, tags, data, at, price, ok, raw) values
        ('a', '{one,two}', '{"k": 1}', '2026-01-02T03:04:05Z', 10.5, true, '\\x0102'),
        ('日本語の名前', '{}', '[1, "二"]', null, 0, false, null),
        ('c', null, 'null', '2026-06-01T00:00:00+09:00', 3, true, '\\x')`);
  };

  beforeAll(async () => {
    plain = await PGlite.create();
    preparing = withPreparedStatements(await PGlite.create());
    await setUp(plain);
    await setUp(preparing);
  });
  afterAll(async () => {
    await plain.close();
    await preparing.close();
  });

  it('answers every statement as PGlite does, the first time, the second (prepared) and after', async () => {
    for (const { text, params, options } of cases)
      for (let run = 0; run < 3; run += 1) {
        const theirs = await plain.query(text, params, options);
        const ours = await preparing.query(text, params, options);
        expect(ours, `${text} (run ${run + 1})`).toEqual(theirs);
      }
    expect(preparing.preparedCount).toBe(cases.length);
  });

  it('answers the same errors, with the statement, and goes on afterwards', async () => {
    const insert = `insert into things (name) values ($1)`;
    for (let run = 0; run < 3; run += 1) {
      const theirs = await plain.query(insert, ['a']).catch((error: unknown) => error);
      const ours = await preparing.query(insert, ['a']).catch((error: unknown) => error);
      expect(ours).toBeInstanceOf(Error);
      expect(ours).toMatchObject({
        code: '23505',
        constraint: 'things_name_key',
        table: 'things',
        query: insert,
        params: ['a'],
      });
      const fields = ['message', 'code', 'detail', 'severity', 'schema', 'table', 'constraint', 'routine'] as const;
      for (const field of fields)
        expect((ours as Record<string, unknown>)[field]).toEqual((theirs as Record<string, unknown>)[field]);
    }
    await expect(preparing.query(`select nonsense from`)).rejects.toMatchObject({ code: '42601' });
    expect((await preparing.query<{ n: number }>(`select count(*)::int as n from things`)).rows).toEqual([{ n: 4 }]);
  });

  it('prepares a statement afresh once the table under it has changed', async () => {
    const text = `select * from things where id = $1`;
    await preparing.query(text, [1]);
    await preparing.query(text, [1]);
    await preparing.exec(`alter table things add column extra text default 'more'`);
    // PostgreSQL refuses a kept plan whose columns changed: outside a transaction it is prepared again at once.
    expect((await preparing.query<Record<string, unknown>>(text, [1])).rows[0]?.extra).toBe('more');
    await preparing.exec(`alter table things drop column extra`);
    expect((await preparing.query<Record<string, unknown>>(text, [1])).rows[0]).not.toHaveProperty('extra');
  });

  it('prepares a statement again that the engine no longer holds', async () => {
    const text = `select count(*)::int as n from things where id > $1`;
    await preparing.query(text, [0]);
    const first = await preparing.query(text, [0]);
    await preparing.exec('deallocate all');
    expect((await preparing.query(text, [0])).rows).toEqual(first.rows);
    expect((await preparing.query(text, [0])).rows).toEqual(first.rows);
  });

  it('keeps at most 300 statements, closing the least used', async () => {
    for (let n = 0; n < 320; n += 1) {
      await preparing.query(`select ${n} as n`);
      expect((await preparing.query<{ n: number }>(`select ${n} as n`)).rows).toEqual([{ n }]);
    }
    expect(preparing.preparedCount).toBe(300);
    const held = await preparing.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`);
    expect(held.rows[0]?.n).toBeLessThanOrEqual(300);
  });

  it('runs inside transactions, which roll back, and a query outside waits for the transaction', async () => {
    const db = drizzle({ client: preparing });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (name) values ('inside')`);
        await tx.execute(sql`insert into things (name) values ('inside')`);
      }),
    ).rejects.toThrow();
    expect((await db.execute(sql`select count(*)::int as n from things where name = 'inside'`)).rows).toEqual([{ n: 0 }]);

    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('later')`);
      order.push('inserted');
      await held;
      order.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const reading = db.execute(sql`select count(*)::int as n from things where name = 'later'`).then((result) => {
      order.push('read');
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await writing;
    expect(await reading).toEqual([{ n: 1 }]);
    expect(order).toEqual(['inserted', 'committing', 'read']);
  });

  it("writes the same Bind message as PGlite's serializer", () => {
    const values = [['a', null, 'こんにちは', ''], [new Uint8Array([1, 2, 3]), 'x', null], ['<p>日本</p>'.repeat(500)], []];
    for (const statement of ['', 'storefront_7'])
      for (const set of values)
        expect(
          Buffer.from(bindMessage(statement, set)).equals(Buffer.from(protocol.serialize.bind({ statement, values: set }))),
        ).toBe(true);
  });
});
