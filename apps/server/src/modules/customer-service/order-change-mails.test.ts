/**
 * The visitor hears of every change to their booking (issue 40, item 3): staff cancelling some
 * admissions with a refund (one mail, the refund in it), a refund failing, staff refunding again,
 * and a slot called off (one mail per order); and the console's order detail says where the order
 * stands now. A refund Adyen reports failed later is in `payments.adyen.test.ts`.
 */
import type { OrderDetail } from '@storefront/domain/console/order-detail';
import type { CancellationPreview, CancellationResult, OrderRefund } from '@storefront/domain/console/order-refunds';
import type { SlotCancellationProgress } from '@storefront/domain/console/slot-cancellations';
import { timeOfDayIn } from '@storefront/domain/dates';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, type SlotFixture } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';
import { recordOrderRefund } from '../payments/refund-order.ts';

type Mail = { kind: string; lang: string; to_address: string; subject: string; text_body: string; html_body: string };

describeEachEngine('the visitor’s mails about changes to their booking', (ctx) => {
  // No job worker of its own: a slot cancellation is worked with `drain`, when the test says.
  const server = useTestApp(ctx, { jobs: { concurrency: 0 } });
  const shop = () => apiFor(server.app, 'demo');
  let timeZone = 'Asia/Tokyo';
  beforeAll(async () => {
    timeZone =
      (await rows<{ tz: string }>(ctx.db, sql`select time_zone as tz from sites where code = 'demo'`))[0]?.tz ?? timeZone;
  });

  async function member() {
    const team = await makeTeam(ctx.db, { rights: ['orders:read', 'orders:write', 'orders:refund'] });
    const account = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.40' });
    await signIn(client, account.email);
    return client;
  }

  /** The product's second paid admission option (a child's, at the demo venue), else the first again. */
  async function otherOption(slot: SlotFixture) {
    const options = await rows<{ id: number; name: Record<string, string> | string }>(
      ctx.db,
      sql`select id, name from product_options where product_id = ${slot.productId} and type = 'admission' and price > 0
          order by position`,
    );
    const found = options.find((o) => o.id !== slot.adultOptionId) ?? options[0];
    if (!found) throw new Error('no admission option');
    return { id: found.id, name: typeof found.name === 'string' ? JSON.parse(found.name) : found.name };
  }

  /** A completed order in `lang`: one adult and one other admission, paid with a sandbox card. */
  async function booked(options: { lang: string; card?: string; slot?: SlotFixture; quantity?: 1 | 2 }) {
    const api = shop();
    const slot = options.slot ?? (await freshSlot(ctx.db, 'demo', 40, 3));
    const other = await otherOption(slot);
    const two = (options.quantity ?? 2) === 2;
    const created = await api.post<{ order_token: string }>('orders', {
      lang: options.lang,
      product_uuid: slot.productUuid,
      time_span_id: slot.timeSpanId,
      quantity: two ? 2 : 1,
      option_values:
        two && other.id !== slot.adultOptionId
          ? [
              { option_value_id: slot.adultOptionId, quantity: 1 },
              { option_value_id: other.id, quantity: 1 },
            ]
          : [{ option_value_id: slot.adultOptionId, quantity: two ? 2 : 1 }],
      set_products: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = created.body.order_token;
    expect((await api.put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' })).status).toBe(200);
    const paid = await api.post<{ reservation_number: string; total: number }>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(options.card ?? SANDBOX_CARDS.success),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [order] = await rows<{ id: string; site_id: number }>(
      ctx.db,
      sql`select id, site_id from orders where reservation_number = ${paid.body.reservation_number}`,
    );
    const [visit] = await rows<{ starts_at: Date | string; date: string }>(
      ctx.db,
      sql`select starts_at, date::text as date from product_time_spans where id = ${slot.timeSpanId}`,
    );
    const admissions = await rows<{ id: string; option_id: number }>(
      ctx.db,
      sql`select id, option_id from tickets where order_id = ${order?.id} order by position`,
    );
    return {
      id: order?.id ?? '',
      siteId: order?.site_id ?? 0,
      slot,
      number: paid.body.reservation_number,
      total: paid.body.total,
      admissions,
      other,
      time: timeOfDayIn(new Date(visit?.starts_at ?? 0), timeZone),
      date: visit?.date ?? '',
    };
  }

  /** The order's mails other than its confirmation, oldest first. */
  const changeMailsOf = (orderId: string) =>
    rows<Mail>(
      ctx.db,
      sql`select kind, lang, to_address, subject, text_body, html_body from outbox
          where order_id = ${orderId} and kind <> 'order_confirmation' order by created_at, id`,
    );

  const path = (orderId: string, rest = 'cancellation') => `venues/demo/orders/${orderId}/${rest}`;

  it('tells the visitor of one cancelled admission and its refund in one mail, in the booking’s language', async () => {
    const staff = await member();
    const order = await booked({ lang: 'ja' });
    const child = order.admissions[1] as { id: string; option_id: number };
    const preview = await staff.get<CancellationPreview>(`${path(order.id)}?tickets=${child.id}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const amount = preview.body.proposed_amount;
    expect(amount).toBeGreaterThan(0);
    const done = await staff.post<CancellationResult>(path(order.id), {
      tickets: [child.id],
      refund: { mode: 'provider', amount },
      reason: 'the child is ill',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount })]);

    const mails = await changeMailsOf(order.id);
    expect(mails.map((m) => [m.kind, m.lang, m.to_address])).toEqual([['cancellation_by_staff', 'ja', CUSTOMER.email]]);
    const [mail] = mails as [Mail];
    expect(mail.subject).toContain(order.number);
    const price = formatPrice(amount, 'JPY', 'ja');
    // Which admission, when the visit was (the venue's time), what goes back, to what, and when.
    expect(mail.text_body).toContain(`キャンセルしたチケット：${order.other.name.ja} ×1`);
    expect(mail.text_body).toContain(`ご来場日時：${formatDate(order.date, 'ja')} ${order.time}`);
    expect(mail.text_body).toContain(`ご返金額：${price}`);
    expect(mail.text_body).toContain('ご返金先：');
    expect(mail.text_body).toContain('残りの1枚');
    expect(mail.text_body).toContain('10営業日');
    expect(mail.html_body).toContain(price);
    expect(mail.html_body).toMatch(/^<!doctype html><html lang="ja">/);

    // The console's summary says where the order stands: one of two standing, the amount kept.
    const detail = await staff.get<OrderDetail>(`venues/demo/orders/${order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.standing).toEqual({
      status: 'partly_cancelled',
      refund_status: 'partly_refunded',
      admissions: { total: 2, standing: 1, used: 0, cancelled: 1 },
      paid: order.total,
      refunded: amount,
      refund_pending: 0,
      refund_failed: 0,
      kept: order.total - amount,
    });
    // The payment method by the name the shop shows, in every language.
    expect(Object.keys(detail.body.payment_method_names.gmo ?? {}).sort()).toEqual([
      'en',
      'ja',
      'kr',
      'th',
      'zh-hans',
      'zh-hant',
    ]);
    expect(detail.body.payment_method_names.gmo?.en).not.toBe('gmo');
    // The timeline is in time order, the mail after the cancellation and refund it tells of.
    const kinds = detail.body.timeline.map((e) => (e.kind === 'mail' ? `mail:${e.detail.mail_kind}` : e.kind));
    expect(kinds).toContain('mail:cancellation_by_staff');
    expect(kinds.indexOf('mail:cancellation_by_staff')).toBeGreaterThan(kinds.lastIndexOf('refund'));
    expect(kinds.indexOf('mail:cancellation_by_staff')).toBeGreaterThan(kinds.lastIndexOf('audit'));
    const times = detail.body.timeline.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('tells the visitor a refund failed, and again when staff refund it after all; a second failure is not mailed twice', async () => {
    const staff = await member();
    const order = await booked({ lang: 'en', card: SANDBOX_CARDS.refundFails });
    const done = await staff.post<CancellationResult>(path(order.id), {
      tickets: 'all',
      refund: { mode: 'provider', amount: order.total },
      reason: 'the afternoon closed',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const failed = done.body.refunds[0] as OrderRefund;
    expect(failed.status).toBe('failed');
    const price = formatPrice(order.total, 'JPY', 'en');
    let mails = await changeMailsOf(order.id);
    expect(mails.map((m) => m.kind)).toEqual(['cancellation_by_staff', 'refund_failed']);
    expect(mails[1]?.lang).toBe('en');
    expect(mails[1]?.subject).toContain('could not be made');
    expect(mails[1]?.text_body).toContain(`Refund: ${price}`);
    expect(mails[1]?.text_body).toContain('Paid with: ');

    const detail = await staff.get<OrderDetail>(`venues/demo/orders/${order.id}`);
    expect(detail.body.standing).toMatchObject({
      status: 'cancelled',
      refund_status: 'failed',
      refunded: 0,
      refund_failed: order.total,
      kept: order.total,
    });

    // The gateway still refuses: the visitor already knows, nothing more is mailed.
    const refused = await staff.post<OrderRefund>(path(order.id, `refunds/${failed.id}/retry`));
    expect(refused.body.status).toBe('failed');
    expect(await changeMailsOf(order.id)).toHaveLength(2);

    // Now the refund goes through: a refund on its own, and its own mail.
    await ctx.db.execute(sql`
      update sandbox_charges set scenario = 'success'
      where reference = (select provider_reference from payments where order_id = ${order.id} and completed_at is not null)`);
    const retried = await staff.post<OrderRefund>(path(order.id, `refunds/${failed.id}/retry`));
    expect(retried.body.status).toBe('succeeded');
    mails = await changeMailsOf(order.id);
    expect(mails.map((m) => m.kind)).toEqual(['cancellation_by_staff', 'refund_failed', 'refund_made']);
    expect(mails[2]?.subject).toContain('a refund is on its way');
    expect(mails[2]?.text_body).toContain(`Refund: ${price}`);
    expect(mails[2]?.text_body).toContain('10 business days');
    const after = await staff.get<OrderDetail>(`venues/demo/orders/${order.id}`);
    expect(after.body.standing).toMatchObject({ refund_status: 'refunded', refunded: order.total, kept: 0 });
  });

  it('writes nothing more when staff ask again for a refund still pending, which the cancellation’s mail told of', async () => {
    const staff = await member();
    const order = await booked({ lang: 'en', quantity: 1 });
    // As a process would leave it: the refund written and committed, the provider never asked.
    const [pending] = await ctx.db.transaction((tx) =>
      recordOrderRefund(tx as unknown as Database, {
        orderId: order.id,
        siteId: order.siteId,
        currency: 'JPY',
        mode: 'provider',
        amount: 500,
        reason: 'stopped in between',
        requestedBy: 'staff',
        staffId: null,
      }),
    );
    expect(pending?.status).toBe('pending');
    const retried = await staff.post<OrderRefund>(path(order.id, `refunds/${pending?.id}/retry`));
    expect(retried.body.status).toBe('succeeded');
    expect(await changeMailsOf(order.id)).toEqual([]);
  });

  it('mails each visitor of a called-off slot once, with their admissions and refund', async () => {
    const staff = await member();
    const slot = await freshSlot(ctx.db, 'demo', 40, 3);
    const first = await booked({ lang: 'zh-hant', slot });
    const second = await booked({ lang: 'th', slot, quantity: 1 });
    const started = await staff.post<SlotCancellationProgress>('venues/demo/slot-cancellations', {
      selection: { slot_ids: [slot.timeSpanId] },
      reason: 'Storm',
      message: 'The garden is closed <today> & tomorrow.',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const until = Date.now() + 30_000;
    for (;;) {
      await server.app.jobs.drain();
      const progress = await staff.get<SlotCancellationProgress>(`venues/demo/slot-cancellations/${started.body.id}`);
      if (progress.body.status === 'done') break;
      if (Date.now() > until) throw new Error('the job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Working the job again sends nothing more.
    await server.app.jobs.drain();
    const firstMails = await changeMailsOf(first.id);
    expect(firstMails.map((m) => [m.kind, m.lang])).toEqual([['cancellation_by_venue', 'zh-hant']]);
    expect(firstMails[0]?.text_body).toContain(formatPrice(first.total, 'JPY', 'zh-hant'));
    expect(firstMails[0]?.text_body).toContain(`${first.other.name['zh-hant'] ?? ''} ×1`);
    expect(firstMails[0]?.text_body).toContain(first.time);
    // The venue's words are escaped in the HTML part, as they are, in the text part.
    expect(firstMails[0]?.html_body).toContain('The garden is closed &lt;today&gt; &amp; tomorrow.');
    expect(firstMails[0]?.text_body).toContain('The garden is closed <today> & tomorrow.');
    const secondMails = await changeMailsOf(second.id);
    expect(secondMails.map((m) => [m.kind, m.lang])).toEqual([['cancellation_by_venue', 'th']]);
    expect(secondMails[0]?.text_body).toContain(formatPrice(second.total, 'JPY', 'th'));
  });
});
