import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody } from '../../../test/orders.ts';
import { rows } from '../../db/rows.ts';
import { DEMO_MEMBER } from '../../db/seed.ts';

type Order = {
  order_token: string;
  price: number;
  subtotal: number;
  membershipPromotion: { name: string; discount: number } | null;
};

describeEachEngine(
  'membership login',
  (ctx) => {
    const server = useTestApp(ctx);

    it('signs a member in, stores no plain password, and applies the membership promotion', async () => {
      const api = apiFor(server.app, 'lab-exhibition');
      const slot = await freshSlot(ctx.db, 'lab-exhibition', 20);
      const created = await api.post<Order>('orders', orderBody(slot, 2));
      expect(created.body.membershipPromotion).toBeNull();
      const login = await api.post<{ result: boolean; membership: { email: string } }>(
        `membership/login/${created.body.order_token}`,
        DEMO_MEMBER,
      );
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body).toMatchObject({ result: true, membership: { email: DEMO_MEMBER.email } });
      const order = await api.get<Order>(`orders/${created.body.order_token}`);
      expect(order.body.membershipPromotion?.discount).toBeGreaterThan(0);
      expect(order.body.price).toBe(order.body.subtotal - (order.body.membershipPromotion?.discount ?? 0));
      const info = await api.get<{ name: string }>(`membership/${created.body.order_token}`);
      expect(info.body.name).toBe('Demo Member');
      const [stored] = await rows<{ password_hash: string }>(ctx.db, sql`select password_hash from members limit 1`);
      expect(stored?.password_hash).toMatch(/^scrypt\$/);
      expect(stored?.password_hash).not.toContain(DEMO_MEMBER.password);
    });

    it('answers membership login failed for a wrong password or an unknown member', async () => {
      const api = apiFor(server.app, 'lab-exhibition');
      const slot = await freshSlot(ctx.db, 'lab-exhibition', 20);
      const created = await api.post<Order>('orders', orderBody(slot, 1));
      const wrong = await api.post<{ error: string }>(`membership/login/${created.body.order_token}`, {
        ...DEMO_MEMBER,
        password: 'nope',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('membership login failed');
      const unknown = await api.post<{ error: string }>(`membership/login/${created.body.order_token}`, {
        email: 'x@example.com',
        password: 'x',
      });
      expect(unknown.body.error).toBe('membership login failed');
      expect((await api.get<{ error: string }>(`membership/${created.body.order_token}`)).body.error).toBe(
        'membership retrieval failure',
      );
    });

    it('limits login attempts per e-mail address', async () => {
      const api = apiFor(server.app, 'lab-exhibition');
      const slot = await freshSlot(ctx.db, 'lab-exhibition', 20);
      const created = await api.post<Order>('orders', orderBody(slot, 1));
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push(
          (await api.post(`membership/login/${created.body.order_token}`, { email: 'guess@example.com', password: `p${i}` }))
            .status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('has no membership login on sites that do not enable it', async () => {
      const api = apiFor(server.app, 'demo');
      const slot = await freshSlot(ctx.db, 'demo', 20);
      const created = await api.post<Order>('orders', orderBody(slot, 1));
      expect((await api.post(`membership/login/${created.body.order_token}`, DEMO_MEMBER)).status).toBe(404);
    });
  },
  { seed: { variants: ['lab-exhibition', 'demo'], days: 5 } },
);
