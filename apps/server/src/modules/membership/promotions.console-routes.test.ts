import type { MembershipPromotion } from '@storefront/domain/console/coupons';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody } from '../../../test/orders.ts';
import { rows } from '../../db/rows.ts';
import { DEMO_MEMBER } from '../../db/seed.ts';

type ErrorAnswer = { error: string; field?: string };
type Order = {
  order_token: string;
  subtotal: number;
  price: number;
  membershipPromotion: { name: string; discount: number } | null;
};
type PromotionList = { has_membership_login: boolean; promotions: MembershipPromotion[] };

describeEachEngine(
  'console membership promotions',
  (ctx) => {
    const server = useTestApp(ctx);
    const auditCount = async () => (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;

    async function memberWith(rights: ('catalogue:read' | 'catalogue:write')[]) {
      const team = await makeTeam(ctx.db, { rights });
      const member = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = consoleClient(server.app);
      await signIn(client, member.email);
      return client;
    }

    /** What a signed-in member's new order is discounted by now. */
    async function memberDiscount() {
      const api = apiFor(server.app, 'lab-exhibition');
      const slot = await freshSlot(ctx.db, 'lab-exhibition', 20);
      const created = await api.post<Order>('orders', orderBody(slot, 2));
      expect((await api.post(`membership/login/${created.body.order_token}`, DEMO_MEMBER)).status).toBe(200);
      const order = await api.get<Order>(`orders/${created.body.order_token}`);
      return { promotion: order.body.membershipPromotion, subtotal: order.body.subtotal };
    }

    it('lists, makes, changes and deactivates promotions, and members’ orders follow at once', async () => {
      const writer = await memberWith(['catalogue:write']);
      const listed = await writer.get<PromotionList>('venues/lab-exhibition/promotions');
      expect(listed.status).toBe(200);
      expect(listed.body.has_membership_login).toBe(true);
      const [seeded] = listed.body.promotions;
      expect(seeded).toMatchObject({ key: 'lab_friends', is_active: true, is_applied: true });

      const created = await writer.post<MembershipPromotion>('venues/lab-exhibition/promotions', {
        key: 'autumn',
        name: { ja: '秋の会員割引', en: 'Autumn member discount' },
        discount_type: 'fixed',
        discount_amount: 300,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ key: 'autumn', is_active: true, is_applied: false });

      // The first active one applies: deactivating the seeded one hands members the new one.
      const off = await writer.patch<MembershipPromotion>(`venues/lab-exhibition/promotions/${seeded?.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ is_active: false, is_applied: false });
      const [entry] = await rows<{ action: string; venue_code: string }>(
        ctx.db,
        sql`select action, venue_code from audit_log where object_type = 'membership promotion' order by id desc limit 1`,
      );
      expect(entry).toEqual({ action: 'deactivated', venue_code: 'lab-exhibition' });
      const after = await memberDiscount();
      expect(after.promotion).toMatchObject({ name: 'Autumn member discount', discount: Math.min(300, after.subtotal) });

      const changed = await writer.patch<MembershipPromotion>(`venues/lab-exhibition/promotions/${created.body.id}`, {
        discount_amount: 400,
      });
      expect(changed.body).toMatchObject({ discount_amount: 400, is_applied: true });
      await writer.patch(`venues/lab-exhibition/promotions/${created.body.id}`, { is_active: false });
      expect((await memberDiscount()).promotion).toBeNull();
    });

    it('refuses a bad discount naming it, a taken key with 409, a venue without membership login, and readers', async () => {
      const writer = await memberWith(['catalogue:write']);
      const reader = await memberWith(['catalogue:read']);
      const before = await auditCount();
      const body = { key: 'spring', name: { en: 'Spring' }, discount_type: 'percent', discount_amount: 100 };
      expect((await reader.post('venues/lab-exhibition/promotions', body)).status).toBe(403);
      const percent = await writer.post<ErrorAnswer>('venues/lab-exhibition/promotions', { ...body, discount_amount: 120 });
      expect(percent.status).toBe(400);
      expect(percent.body.field).toBe('discount_amount');
      const noName = await writer.post<ErrorAnswer>('venues/lab-exhibition/promotions', { ...body, name: { en: ' ' } });
      expect(noName.body.field).toBe('name');
      const taken = await writer.post<ErrorAnswer>('venues/lab-exhibition/promotions', { ...body, key: 'LAB_FRIENDS' });
      expect(taken.status).toBe(409);
      expect(taken.body.field).toBe('key');
      const [seeded] = (await reader.get<PromotionList>('venues/lab-exhibition/promotions')).body.promotions;
      const typeOnly = await writer.patch<ErrorAnswer>(`venues/lab-exhibition/promotions/${seeded?.id}`, {
        discount_type: 'fixed',
        discount_amount: 0,
      });
      expect(typeOnly.body.field).toBe('discount_amount');
      const elsewhere = await writer.post<ErrorAnswer>('venues/demo/promotions', body);
      expect(elsewhere.status).toBe(409);
      expect((await reader.get<PromotionList>('venues/demo/promotions')).body).toEqual({
        has_membership_login: false,
        promotions: [],
      });
      expect(await auditCount()).toBe(before);
    });
  },
  { seed: { variants: ['lab-exhibition', 'demo'], days: 5 } },
);
