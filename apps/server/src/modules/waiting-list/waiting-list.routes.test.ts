/**
 * The waiting list of a sold-out slot through the API, on both engines: joining (refused while the
 * slot has the places, once per address), an offer when places come back (a temporary order holding
 * them, mailed with the link that opens it), buying it, an offer lapsing and passing to the next,
 * leaving from the mail's link, the list's strict order, and a slot that is over closing its list.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import { type CheckoutReply, card } from '../../../test/payments.ts';
import { joinWaitingList } from '../../../test/waiting-list.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

type Entry = { id: number; email: string; status: string; order_id: string | null };

describeEachEngine(
  'waiting list',
  (ctx) => {
    const test = useTestApp(ctx);
    const api = () => apiFor(test.app, 'demo');

    beforeAll(async () => {
      // The demo venue's timed products take a waiting list; an offer holds for 30 minutes.
      await ctx.db.execute(sql`insert into waiting_list_products (product_id, site_id, offer_minutes)
        select p.id, p.site_id, 30 from products p join sites s on s.id = p.site_id
        where s.variant = 'demo' and p.type = 'time'`);
    });

    /** A slot of `capacity` places, all held by one visitor's order (its token returned). */
    async function soldOutSlot(capacity: number) {
      const slot = await freshSlot(ctx.db, 'demo', capacity);
      const holder = await api().post<{ order_token: string }>('orders', orderBody(slot, capacity));
      expect(holder.status).toBe(201);
      return { slot, holderToken: holder.body.order_token };
    }

    const join = (slot: SlotFixture, email: string, quantity = 1) => joinWaitingList(test.app, slot, email, quantity);

    const entriesOf = (slot: SlotFixture) =>
      rows<Entry>(
        ctx.db,
        sql`select id::int, email, status, order_id::text from waiting_list_entries where time_span_id = ${slot.timeSpanId} order by id`,
      );

    const mailsTo = (email: string, kind: string) =>
      rows<{ text_body: string; subject: string }>(
        ctx.db,
        sql`select text_body, subject from outbox where to_address = ${email} and kind = ${kind} order by created_at`,
      );

    /** The token of a link in a mail's text: `/waiting-list/leave?token=` or `/mail-confirm?token=`. */
    const tokenIn = (text: string, route: string) => {
      const match = new RegExp(`#${route}\\?token=([\\w-]+)`).exec(text);
      if (!match?.[1]) throw new Error(`no ${route} link in the mail`);
      return match[1];
    };

    const round = () => test.app.offerWaitingListPlaces();

    it('refuses to list a visitor while the slot has their places, an address twice, and a bad address', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const open = await join(slot, 'early@waiting.test', 2);
      expect(open.status).toBe(409);
      expect(open.body).toMatchObject({ error: 'conflict' });

      await api().post('orders', orderBody(slot, 5));
      expect(await join(slot, 'not an address', 1)).toMatchObject({ status: 400, body: { error: 'invalid email address' } });
      const first = await join(slot, 'ren@waiting.test', 2);
      expect(first).toMatchObject({ status: 201, body: { status: 'waiting', position: 1 } });
      expect((await join(slot, 'REN@waiting.test', 1)).status).toBe(409);
      expect(await join(slot, 'mio@waiting.test', 1)).toMatchObject({ status: 201, body: { position: 2 } });

      const [joined] = await mailsTo('ren@waiting.test', 'waiting_list_joined');
      expect(joined?.subject).toContain('waiting list');
      expect(joined?.text_body).toContain('number 1 in line');
      expect(tokenIn(joined?.text_body ?? '', '/waiting-list/leave')).toMatch(/^[\w-]{16,}$/);
    });

    it('lists the products that take a list; refuses a product without one, and names a malformed field', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 1);
      await api().post('orders', orderBody(slot, 1));
      type Listed = { products: { product_id: number; offer_minutes: number }[] };
      const listed = await api().get<Listed>('waitinglist/products');
      expect(listed.body.products).toContainEqual({ product_id: slot.productId, offer_minutes: 30 });
      await ctx.db.execute(sql`delete from waiting_list_products where product_id = ${slot.productId}`);
      try {
        const after = await api().get<Listed>('waitinglist/products');
        expect(after.body.products.map((p) => p.product_id)).not.toContain(slot.productId);
        expect(after.body.products.length).toBe(listed.body.products.length - 1);
        expect((await join(slot, 'nolist@waiting.test')).body).toMatchObject({ error: 'ticket not on sale now' });
      } finally {
        await ctx.db.execute(sql`insert into waiting_list_products (product_id, site_id, offer_minutes)
          select id, site_id, 30 from products where id = ${slot.productId}`);
      }
      const malformed = await api().post<{ field?: string }>('waitinglist', { lang: 'en', quantity: 0 });
      expect(malformed.status).toBe(400);
      expect(malformed.body.field).toBeTruthy();
    });

    it('offers places that come back to the first on the list, whose mail opens the order holding them, and the purchase completes', async () => {
      const { slot, holderToken } = await soldOutSlot(2);
      expect((await join(slot, 'first@waiting.test', 2)).status).toBe(201);
      expect((await join(slot, 'second@waiting.test', 1)).status).toBe(201);
      expect((await round()).offered).toBe(0);

      // The visitor holding the places gives them up: they go to the list, not to whoever asks next.
      expect((await api().delete(`orders/${holderToken}`)).status).toBe(204);
      await round();
      const [first, second] = await entriesOf(slot);
      expect(first).toMatchObject({ status: 'offered', order_id: expect.any(String) });
      expect(second).toMatchObject({ status: 'waiting', order_id: null });
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 2, sold: 0 });

      const [offer] = await mailsTo('first@waiting.test', 'waiting_list_offer');
      expect(offer?.text_body).toMatch(/held for you until \d{4}\/\d{2}\/\d{2}/);
      const resumed = await api().get<{ order_token: string }>(`ordermails/${tokenIn(offer?.text_body ?? '', '/mail-confirm')}`);
      expect(resumed.status).toBe(200);
      const order = await api().get<{
        price: number;
        expiresAt: string;
        customerFields: Record<string, string>;
        mainProduct: { quantity: number; productTimeSpanID: number };
      }>(`orders/${resumed.body.order_token}`);
      expect(order.body.mainProduct).toMatchObject({ quantity: 2, productTimeSpanID: slot.timeSpanId });
      expect(order.body.price).toBe(slot.adultPrice * 2);
      expect(order.body.customerFields).toMatchObject({ email: 'first@waiting.test' });
      // Held for the product's offer time (30 minutes), not a visitor's usual hold.
      expect(Date.parse(order.body.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);
      // The payment page: the visitor chooses how to pay, then pays.
      const chosen = await api().put(`orders/${resumed.body.order_token}`, { payment_method: 'softbank_credit' });
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
      const paid = await api().post<CheckoutReply>(`orders/checkout/${resumed.body.order_token}`, {
        payment_method: 'softbank_credit',
        card: card(SANDBOX_CARDS.success),
      });
      expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'completed' });
      await round();
      expect((await entriesOf(slot))[0]?.status).toBe('bought');
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 2, held: 0 });
    });

    it('places that come back are the list’s: the public takes only what the waiting visitors do not need, and sees the rest sold out', async () => {
      const { slot, holderToken } = await soldOutSlot(3);
      expect((await join(slot, 'owed@waiting.test', 2)).status).toBe(201);
      const standing = async () =>
        (
          await api().get<{ remaining: number; status: string }>(
            `products/orderable_stocks?product_time_span_id=${slot.timeSpanId}`,
          )
        ).body;

      // Three places come back while two are owed to the list: before any round, the public can
      // have one, not two, and is shown one.
      expect((await api().delete(`orders/${holderToken}`)).status).toBe(204);
      expect(await standing()).toMatchObject({ remaining: 1 });
      expect((await api().post('orders', orderBody(slot, 2))).status).toBe(409);
      expect((await api().post('orders', orderBody(slot, 1))).status).toBe(201);
      expect(await standing()).toMatchObject({ remaining: 0, status: 'sold_out' });
      // A visitor who wants one can wait too: the slot has nothing left for the public.
      expect((await join(slot, 'later@waiting.test', 1)).status).toBe(201);

      // The round gives the owed two to the first in line.
      await round();
      expect((await entriesOf(slot)).map((e) => e.status)).toEqual(['offered', 'waiting']);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 3, sold: 0 });
    });

    it('an offer unused past its time passes, with its places, to the next on the list', async () => {
      const { slot, holderToken } = await soldOutSlot(1);
      await join(slot, 'slow@waiting.test');
      await join(slot, 'next@waiting.test');
      await api().delete(`orders/${holderToken}`);
      await round();
      const [slow] = await entriesOf(slot);
      expect(slow?.status).toBe('offered');
      // The offer's time runs out: its entry and its order's hold end together.
      await ctx.db.execute(
        sql`update waiting_list_entries set offer_expires_at = app_now() - interval '1 second' where id = ${slow?.id}`,
      );
      await ctx.db.execute(
        sql`update orders set expires_at = app_now() - interval '1 second' where id = ${slow?.order_id}::uuid`,
      );
      await ctx.db.execute(
        sql`update stock_holds set expires_at = app_now() - interval '1 second' where order_id = ${slow?.order_id}::uuid`,
      );
      // The app's own rounds may get there first: the outcome is checked, not which round made it.
      await round();
      expect((await entriesOf(slot)).map((e) => e.status)).toEqual(['lapsed', 'offered']);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 1, sold: 0 });
      expect(await mailsTo('next@waiting.test', 'waiting_list_offer')).toHaveLength(1);
    });

    it('leaving from the mail’s link: a waiting entry ends; an offered one gives its places to the next at once', async () => {
      const { slot, holderToken } = await soldOutSlot(1);
      await join(slot, 'leaver@waiting.test');
      await join(slot, 'stayer@waiting.test');
      await join(slot, 'quits@waiting.test');
      const [joinedMail] = await mailsTo('quits@waiting.test', 'waiting_list_joined');
      expect((await api().delete(`waitinglist/${tokenIn(joinedMail?.text_body ?? '', '/waiting-list/leave')}`)).status).toBe(204);

      await api().delete(`orders/${holderToken}`);
      await round();
      const [offer] = await mailsTo('leaver@waiting.test', 'waiting_list_offer');
      const leave = tokenIn(offer?.text_body ?? '', '/waiting-list/leave');
      expect((await api().delete(`waitinglist/${leave}`)).status).toBe(204);
      // Again: nothing more to do, not an error.
      expect((await api().delete(`waitinglist/${leave}`)).status).toBe(204);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 0 });
      await round();
      expect((await entriesOf(slot)).map((e) => e.status)).toEqual(['left', 'offered', 'left']);
      expect((await api().delete('waitinglist/unknown-token-0000000000')).status).toBe(404);
      expect((await api().delete('waitinglist/bad%00token')).status).toBe(400);
    });

    it('keeps the list’s order: the head waits for all its places, and nobody behind it jumps ahead', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 3);
      const one = await api().post<{ order_token: string }>('orders', orderBody(slot, 1));
      const two = await api().post<{ order_token: string }>('orders', orderBody(slot, 2));
      await join(slot, 'pair@waiting.test', 2);
      await join(slot, 'single@waiting.test', 1);
      await api().delete(`orders/${one.body.order_token}`);
      await round();
      expect((await entriesOf(slot)).map((e) => e.status)).toEqual(['waiting', 'waiting']);
      await api().delete(`orders/${two.body.order_token}`);
      await round();
      expect((await entriesOf(slot)).map((e) => e.status)).toEqual(['offered', 'offered']);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 3 });
    });

    it('closes the list of a slot taken off sale: nobody on it can be offered anything', async () => {
      const { slot, holderToken } = await soldOutSlot(1);
      await join(slot, 'closed@waiting.test');
      await ctx.db.execute(sql`update product_time_spans set is_on_sale = false where id = ${slot.timeSpanId}`);
      await api().delete(`orders/${holderToken}`);
      await round();
      expect((await entriesOf(slot)).map((e) => e.status)).toEqual(['closed']);
    });
  },
  { seed: { variants: ['demo'], days: 5 } },
);
