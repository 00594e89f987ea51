/**
 * Details under a rush (decision 031): reads and writes of orders' details that arrive together go
 * in one statement; each write lands only on the version its buyer read and answers that buyer;
 * what a batch cannot write (changed since, the same order twice, a failed statement) is left to
 * the locked path.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../../test/orders.ts';
import { idArray, rows } from '../../db/rows.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createDetailsWrites } from './details-together.ts';
import type { DetailsValues } from './orders.repository.ts';

describeEachEngine('order details written together', (ctx) => {
  const server = useTestApp(ctx);
  const api = () => apiFor(server.app, 'demo');

  /** `count` open orders of one place each on a fresh demo slot, with their tokens. */
  async function openOrders(count: number) {
    const slot = await freshSlot(ctx.db, 'demo', count + 5);
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await api().post<{ order_token: string }>('orders', orderBody(slot, 1));
      expect(created.status).toBe(201);
      tokens.push(created.body.order_token);
    }
    return tokens;
  }

  const stored = (tokens: string[]) =>
    rows<{ token_hash: string; fullname: string | null; payment_method: string | null; status: string; version: string }>(
      ctx.db,
      sql`select token_hash, customer_fields->>'fullname' as fullname, payment_method, status, xmin::text as version
          from orders where token_hash = any(${idArray(tokens.map(hashToken))}::text[])`,
    );

  it('many buyers’ details at once: each order keeps its own, and those that waited were written in one statement', async () => {
    const tokens = await openOrders(8);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        api().put<{ status: string }>(`orders/${token}`, {
          customer_info: { ...CUSTOMER, fullname: `Buyer ${i}` },
          payment_method: 'gmo',
        }),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.status])).toEqual(Array(8).fill([200, 'ready_checkout']));
    const byHash = new Map((await stored(tokens)).map((row) => [row.token_hash, row]));
    for (const [i, token] of tokens.entries())
      expect(byHash.get(hashToken(token))).toMatchObject({ fullname: `Buyer ${i}`, payment_method: 'gmo' });
    // A statement writes its rows under one transaction id: fewer versions than orders means writes went together.
    expect(new Set([...byHash.values()].map((row) => row.version)).size).toBeLessThan(tokens.length);
  });

  it('writes only the version read, each order once a batch, and leaves a failed write to the caller', async () => {
    const tokens = await openOrders(4);
    const details = createDetailsWrites(ctx.db);
    const [site] = await rows<{ id: number }>(ctx.db, sql`select id from sites where variant = 'demo'`);
    const siteId = site?.id ?? 0;
    const read = await Promise.all([
      ...tokens.map((token) => details.read({ siteId, tokenHash: hashToken(token) })),
      details.read({ siteId, tokenHash: hashToken('no such order') }),
    ]);
    const [a, b, c, d] = read;
    if (!a || !b || !c || !d) throw new Error('an order was not read');
    expect(read[4]).toBeNull();
    // Another site's token finds nothing.
    expect(await details.read({ siteId: a.siteId + 1000, tokenHash: a.tokenHash })).toBeNull();

    // b changed after it was read: its write is not made.
    await ctx.db.execute(sql`update orders set lang = 'ja' where id = ${b.id}`);
    const fields = (fullname: string): DetailsValues => ({ customerFields: { ...CUSTOMER, fullname }, status: 'pending' });
    const written = await Promise.all([
      details.write({ orderId: a.id, version: a.version, values: { lang: 'en' } }),
      details.write({ orderId: a.id, version: a.version, values: fields('Twice') }),
      details.write({ orderId: b.id, version: b.version, values: fields('Stale') }),
      details.write({ orderId: c.id, version: c.version, values: fields('Carla') }),
      details.write({ orderId: d.id, version: d.version, values: { paymentMethod: 'gmo', total: 1234 } }),
      // Not a detail: the statement is refused and the caller changes the order locked.
      details.write({ orderId: d.id, version: d.version, values: { quantity: 9 } as DetailsValues }),
    ]);
    expect(written.map((order) => order?.id ?? null)).toEqual([a.id, null, null, c.id, d.id, null]);
    expect(written[3]?.customerFields).toMatchObject({ fullname: 'Carla' });
    expect(written[4]).toMatchObject({ paymentMethod: 'gmo', total: 1234 });
    const byHash = new Map((await stored(tokens)).map((row) => [row.token_hash, row]));
    expect(byHash.get(a.tokenHash)).toMatchObject({ fullname: null });
    expect(byHash.get(b.tokenHash)).toMatchObject({ fullname: null });
    const [quantity] = await rows<{ quantity: number }>(ctx.db, sql`select quantity from orders where id = ${d.id}`);
    expect(quantity?.quantity).toBe(1);
  });
});
