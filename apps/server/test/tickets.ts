import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { SANDBOX_CARDS } from '../src/modules/payments/providers/sandbox-gateway.ts';
import type { apiFor } from './api.ts';
import { CUSTOMER, freshSlot, type SlotFixture } from './orders.ts';
import { card } from './payments.ts';

export type Bought = { slot: SlotFixture; reservationToken: string; reservationNumber: string; total: number; email: string };

/** A completed order of `quantity` admissions (and one set product when asked) paid with the sandbox card. */
export async function buyTickets(
  api: ReturnType<typeof apiFor>,
  db: Database,
  options: {
    quantity?: number;
    email?: string;
    withSetProduct?: boolean;
    mailMagazine?: boolean;
    variant?: string;
    /** The product to buy (the site's first timed product with a fresh slot by default). */
    productKey?: string;
    /** A sandbox card method of the variant (`gmo` at the demo venue). */
    paymentMethod?: string;
  } = {},
): Promise<Bought> {
  const quantity = options.quantity ?? 4;
  const email = options.email ?? CUSTOMER.email;
  // Two days ahead at the earliest: a ticket for tomorrow's last slot passes the venues' 24-hour
  // date-change deadline in the evening, and a test that changes its date would fail by the clock.
  const slot = await freshSlot(db, options.variant ?? 'demo', 50, 2, options.productKey);
  const created = await api.post<{ order_token: string }>('orders', {
    lang: 'en',
    product_uuid: slot.productUuid,
    time_span_id: slot.timeSpanId,
    quantity,
    option_values: [{ option_value_id: slot.adultOptionId, quantity }],
    set_products: options.withSetProduct && slot.setProductId ? [{ set_product_id: slot.setProductId, quantity: 1 }] : [],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = created.body.order_token;
  const customer = { ...CUSTOMER, email, mail_magazine: options.mailMagazine === false ? 'false' : 'true' };
  const paymentMethod = options.paymentMethod ?? 'gmo';
  const updated = await api.put(`orders/${token}`, { customer_info: customer, payment_method: paymentMethod });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  const paid = await api.post<{ reservation_token: string; reservation_number: string; total: number }>(
    `orders/checkout/${token}`,
    {
      payment_method: paymentMethod,
      card: card(SANDBOX_CARDS.success),
    },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return {
    slot,
    reservationToken: paid.body.reservation_token,
    reservationNumber: paid.body.reservation_number,
    total: paid.body.total,
    email,
  };
}

/** Lets a site's gates admit tickets this many minutes around their slot (tests buy for days ahead). */
export async function setCheckInGrace(db: Database, variant: string, minutes: number): Promise<void> {
  await db.execute(
    sql`insert into configurations (site_id, key, value)
        select id, 'checkin_grace_minutes', ${JSON.stringify(minutes)}::jsonb from sites where variant = ${variant}
        on conflict (site_id, key) do update set value = excluded.value`,
  );
}
