import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody } from '../../../test/orders.ts';
import { rows } from '../../db/rows.ts';

describeEachEngine(
  'mail-only confirmation',
  (ctx) => {
    const server = useTestApp(ctx);

    it('mails a link whose token gives the order back under a new token', async () => {
      const api = apiFor(server.app, 'kyoto-garden');
      const slot = await freshSlot(ctx.db, 'kyoto-garden', 10);
      const created = await api.post<{ order_token: string }>('orders', orderBody(slot, 1));
      const oldToken = created.body.order_token;
      const sent = await api.post(`ordermails/${oldToken}`, { email: 'visitor@example.com', lang: 'en' });
      expect(sent.status).toBe(204);
      const [mail] = await rows<{ text_body: string; to_address: string; order_id: string | null }>(
        ctx.db,
        sql`select text_body, to_address, order_id from outbox where kind = 'mail_confirmation' order by created_at desc limit 1`,
      );
      expect(mail?.to_address).toBe('visitor@example.com');
      // The mail is listed in the history of the order it is about.
      const [about] = await rows<{ email: string }>(
        ctx.db,
        sql`select customer_fields->>'email' as email from orders where id = ${mail?.order_id ?? null}`,
      );
      expect(about?.email).toBe('visitor@example.com');
      const mailToken = decodeURIComponent(mail?.text_body.match(/mail-confirm\?token=([\w%-]+)/)?.[1] ?? '');
      expect(mailToken).toMatch(/^[\w-]{22}$/);

      const confirmed = await api.get<{ order_token: string }>(`ordermails/${mailToken}`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.order_token).not.toBe(oldToken);
      expect((await api.get(`orders/${oldToken}`)).status).toBe(404);
      const order = await api.get<{ customerFields: Record<string, string> }>(`orders/${confirmed.body.order_token}`);
      expect(order.body.customerFields).toEqual({ email: 'visitor@example.com' });
      const ready = await api.put<{ status: string }>(`orders/${confirmed.body.order_token}`, { payment_method: 'gmo_3ds' });
      expect(ready.body.status).toBe('ready_checkout');
    });

    it('gives the order back again from the same link until the order is done', async () => {
      const api = apiFor(server.app, 'kyoto-garden');
      const slot = await freshSlot(ctx.db, 'kyoto-garden', 10);
      const created = await api.post<{ order_token: string }>('orders', orderBody(slot, 1));
      const address = `twice-${Date.now()}@example.com`;
      expect((await api.post(`ordermails/${created.body.order_token}`, { email: address, lang: 'en' })).status).toBe(204);
      const [mail] = await rows<{ text_body: string }>(
        ctx.db,
        sql`select text_body from outbox where kind = 'mail_confirmation' and to_address = ${address}`,
      );
      const mailToken = decodeURIComponent(mail?.text_body.match(/mail-confirm\?token=([\w%-]+)/)?.[1] ?? '');
      // A mail scanner opens the link first; the visitor's own tap still gets the order.
      const scanner = await api.get<{ order_token: string }>(`ordermails/${mailToken}`);
      const visitor = await api.get<{ order_token: string }>(`ordermails/${mailToken}`);
      expect([scanner.status, visitor.status]).toEqual([200, 200]);
      expect(visitor.body.order_token).not.toBe(scanner.body.order_token);
      // Only the newest opening holds the order.
      expect((await api.get(`orders/${scanner.body.order_token}`)).status).toBe(404);
      expect((await api.get(`orders/${visitor.body.order_token}`)).status).toBe(200);
      // Once the order is no longer open, the link gives nothing.
      await ctx.db.execute(
        sql`update orders set status = 'cancelled' where token_hash is not null and customer_fields->>'email' = ${address}`,
      );
      const after = await api.get<{ error: string }>(`ordermails/${mailToken}`);
      expect(after.status).toBeGreaterThanOrEqual(400);
      expect(after.body.error).toBe('order status must be ready_checkout');
    });

    it('refuses an invalid address', async () => {
      const api = apiFor(server.app, 'kyoto-garden');
      const slot = await freshSlot(ctx.db, 'kyoto-garden', 10);
      const created = await api.post<{ order_token: string }>('orders', orderBody(slot, 1));
      const { body } = await api.post<{ error: string }>(`ordermails/${created.body.order_token}`, { email: 'nope' });
      expect(body.error).toBe('invalid email address');
    });
  },
  { seed: { variants: ['kyoto-garden'], days: 5 } },
);
