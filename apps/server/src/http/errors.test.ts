import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/database.ts';
import { registerErrorHandler } from './errors.ts';

/**
 * The error handler behind the contracts: a value the database refuses because of what the client
 * sent becomes a 4xx error body; the server's own faults stay a 500 that says nothing of the inside.
 */
describeEachEngine(
  'database errors in answers',
  (ctx) => {
    async function answer(query: SQL) {
      const app = Fastify();
      registerErrorHandler(app);
      app.post('/run', async () => {
        await ctx.db.execute(query);
        return { ok: true };
      });
      const response = await app.inject({ method: 'POST', url: '/run' });
      await app.close();
      return { status: response.statusCode, body: response.json() };
    }

    it('answers 400 for values the database cannot hold and 409 for a record made twice at once', async () => {
      await ctx.db.execute(sql`create table error_probe (id integer primary key, code varchar(4), data jsonb)`);
      const refused = {
        nulInText: sql`insert into error_probe (id, code) values (4, ${'a\u0000'})`,
        nulInJson: sql`insert into error_probe (id, data) values (1, ${'{"a":"\\u0000"}'}::jsonb)`,
        outOfRange: sql`insert into error_probe (id) values (${'2147483648'}::bigint::integer)`,
        wrongKind: sql`select ${'not-a-number'}::integer`,
        tooLong: sql`insert into error_probe (id, code) values (2, ${'too long'})`,
      };
      for (const [name, query] of Object.entries(refused)) {
        const { status, body } = await answer(query);
        expect(status, name).toBe(400);
        expect(body, name).toMatchObject({ error: 'invalid request', can_retry: false });
        expect(body.message, name).toMatch(/^the request holds /);
      }
      await ctx.db.execute(sql`insert into error_probe (id) values (3)`);
      const twice = await answer(sql`insert into error_probe (id) values (3)`);
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ error: 'conflict', can_retry: true });
    });

    it('keeps the server’s own database faults a 500 that tells nothing of the inside', async () => {
      for (const query of [sql`select * from no_such_table`, sql`select 1 / 0`, sql`selec 1`]) {
        const { status, body } = await answer(query);
        expect(status).toBe(500);
        expect(body).toEqual({ error: 'internal error', can_retry: true });
      }
    });
  },
  { seed: false },
);
