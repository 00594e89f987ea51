import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/database.ts';
import { insertRows } from './insert-rows.ts';

/** Every kind of column the shop's tables use, with the defaults drizzle and the database give. */
const things = pgTable('insert_rows_things', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().defaultRandom(),
  name: text('name').notNull().unique(),
  status: text('status', { enum: ['new', 'old'] })
    .notNull()
    .default('new'),
  quantity: integer('quantity').notNull(),
  price: numeric('price'),
  ok: boolean('ok'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  list: jsonb('list').$type<unknown[]>(),
  tags: text('tags').array(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  code: text('code').$defaultFn(() => 'made-by-drizzle'),
  touched: text('touched').$onUpdateFn(() => 'touched-by-drizzle'),
});

type Thing = typeof things.$inferSelect;
/** What a test compares: the row without what the database makes up each time. */
const comparable = ({ id: _id, uuid: _uuid, createdAt: _createdAt, name: _name, ...rest }: Thing) => rest;

describeEachEngine(
  'rows inserted as one record set',
  (ctx) => {
    beforeAll(async () => {
      await ctx.db.execute(sql`create table insert_rows_things (
        id serial primary key, uuid uuid not null default gen_random_uuid(), name text not null unique,
        status text not null default 'new', quantity integer not null, price numeric, ok boolean,
        data jsonb, list jsonb, tags text[], at timestamptz, created_at timestamptz not null default app_now(),
        code text, touched text)`);
    });

    const row = (name: string) => ({
      name,
      quantity: 3,
      price: '12.50',
      ok: true,
      data: { nested: { a: [1, 'two', null] }, 日本: '語' },
      list: [1, { b: 'c' }, 'd'],
      tags: ['one', 'two, with a comma', 'quote "q"'],
      at: new Date('2026-11-29T09:30:00.123Z'),
    });

    it('writes and answers each row as drizzle’s own insert does, defaults applied', async () => {
      const ours = await insertRows(ctx.db, things, [row('ours-1'), { ...row('ours-2'), ok: false, data: null }], {
        returning: true,
      });
      const theirs = await ctx.db
        .insert(things)
        .values([row('theirs-1'), { ...row('theirs-2'), ok: false, data: null }])
        .returning();
      const byName = (rows: Thing[]) => rows.sort((a, b) => a.name.localeCompare(b.name)).map(comparable);
      expect(byName(ours)).toEqual(byName(theirs));
      expect(ours[0]?.code).toBe('made-by-drizzle');
      expect(ours[0]?.touched).toBe('touched-by-drizzle');
      expect(ours[0]?.status).toBe('new');
      expect(ours[0]?.at).toEqual(new Date('2026-11-29T09:30:00.123Z'));
      // And as drizzle reads them back.
      const read = await ctx.db.select().from(things).where(sql`${things.name} like 'ours-%'`);
      expect(byName(read)).toEqual(byName(ours));
    });

    it('without returning answers nothing; rows giving different columns go through drizzle', async () => {
      expect(await insertRows(ctx.db, things, [row('quiet')])).toEqual([]);
      const mixed = await insertRows(ctx.db, things, [row('mixed-1'), { name: 'mixed-2', quantity: 1 }], { returning: true });
      expect(mixed.map((thing) => [thing.name, thing.price, thing.status]).sort()).toEqual([
        ['mixed-1', '12.50', 'new'],
        ['mixed-2', null, 'new'],
      ]);
      expect(await insertRows(ctx.db, things, [])).toEqual([]);
    });

    it('skips conflicts when asked, on one rule only when named', async () => {
      const skipped = await insertRows(ctx.db, things, [row('ours-1'), row('fresh')], { skipConflicts: true, returning: true });
      expect(skipped.map((thing) => thing.name)).toEqual(['fresh']);
      const onName = await insertRows(ctx.db, things, [row('fresh'), row('fresher')], {
        skipConflicts: things.name,
        returning: true,
      });
      expect(onName.map((thing) => thing.name)).toEqual(['fresher']);
      const [taken] = await ctx.db.select({ id: things.id }).from(things).where(sql`${things.name} = 'fresher'`);
      await expect(
        insertRows(ctx.db, things, [{ ...row('another'), id: taken?.id ?? 0 }], { skipConflicts: things.name }),
      ).rejects.toThrow();
      await expect(insertRows(ctx.db, things, [row('fresh')])).rejects.toThrow();
    });
  },
  { seed: false },
);
