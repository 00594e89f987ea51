import { inflateSync } from 'node:zlib';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules } from '../../../test/date-changes.ts';
import { card } from '../../../test/payments.ts';
import { type Bought, buyTickets } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';
import { listSites } from '../sites/sites.repository.ts';
import { issueTicketsOfOrders } from './issue-tickets.ts';
import { createTicketsService } from './tickets.service.ts';

type Line = { name: string; quantity: number; unitPrice: number; amount: number };
type Receipt = {
  number: string;
  issuedAt: string;
  issuedOn: string;
  lines: Line[];
  discounts: { name: string; amount: number }[];
  subtotal: number;
  discount: number;
  total: number;
  tax: number;
  invoiceRegistrationNumber: string | null;
};
type Body = Record<string, unknown> & { error?: string };

/** The text a PDF draws (pdf-lib writes each run as a hex string shown with Tj). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const runs: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const raw = Buffer.from(object.getContents());
    const content = object.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(raw) : raw;
    for (const match of content.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      runs.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
  }
  return runs.join('\n');
}

describeEachEngine('receipts', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(() => {
    api = apiFor(test.app, 'demo');
  });
  beforeEach(async () => {
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
  });

  async function changeDate(bought: Bought, offsetDays: number) {
    const to = await otherSlot(ctx.db, bought.slot.productId, offsetDays);
    const created = await api.post<Body & { time_change_token: string; amounts: Record<string, number> }>(
      `timechanges/tickets/${bought.reservationToken}`,
      { lang: 'en', time_span_id: to },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  function issue(bought: Bought) {
    return api.post<Receipt>(`tickets/${bought.reservationToken}/receipt`, { addressee: 'Example Co., Ltd.', lang: 'en' });
  }

  /** What the visitor's payments for the order came to, less what was given back. */
  async function netPaid(bought: Bought): Promise<number> {
    const [row] = await rows<{ net: number }>(
      ctx.db,
      sql`select coalesce(sum(p.amount - coalesce(c.refunded_amount, 0)), 0)::int as net
          from payments p join orders o on o.id = p.order_id
          left join sandbox_charges c on c.reference = p.provider_reference
          where o.reservation_number = ${bought.reservationNumber} and p.status = 'captured'`,
    );
    return row?.net ?? -1;
  }

  /** The order as bought when its admission cost `more` than the catalogue says now. */
  async function boughtDearer(more: number): Promise<Bought> {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    await ctx.db.execute(sql`update orders set total = total + ${more} where reservation_number = ${bought.reservationNumber}`);
    await ctx.db.execute(sql`
      update payments set amount = amount + ${more}
      where order_id = (select id from orders where reservation_number = ${bought.reservationNumber})`);
    await ctx.db.execute(sql`
      update sandbox_charges set amount = amount + ${more}
      where reference in (select p.provider_reference from payments p join orders o on o.id = p.order_id
                          where o.reservation_number = ${bought.reservationNumber})`);
    return bought;
  }

  function expectAddsUp(receipt: Receipt) {
    expect(receipt.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(receipt.subtotal);
    expect(receipt.discounts.reduce((sum, d) => sum + d.amount, 0)).toBe(receipt.discount);
    expect(receipt.subtotal - receipt.discount).toBe(receipt.total);
    expect(receipt.tax).toBe(Math.floor((receipt.total * 10) / 110));
  }

  it('after a paid date change the receipt is the order total plus the fee, with the fee as a line', async () => {
    await setDateChangeRules(ctx.db, 'demo', { feePerAdmission: 500 });
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const change = await changeDate(bought, 4);
    expect(change.amounts).toMatchObject({ fee: 1000, toPay: 1000 });
    const paid = await api.post<Body>(`timechanges/${change.time_change_token}/checkout`, {
      reservation_token: bought.reservationToken,
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'completed' });

    const receipt = await issue(bought);
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.total).toBe(bought.total + 1000);
    expect(receipt.body.total).toBe(await netPaid(bought));
    expect(receipt.body.lines).toContainEqual({ name: 'Date change fee', quantity: 2, unitPrice: 500, amount: 1000 });
    expectAddsUp(receipt.body);
    const again = await api.get<Receipt>(`tickets/${bought.reservationToken}/receipt?lang=ja`);
    expect(again.body.total).toBe(bought.total + 1000);
    expect(again.body.lines).toContainEqual({ name: '日時変更手数料', quantity: 2, unitPrice: 500, amount: 1000 });

    const pdf = await test.app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${bought.reservationToken}/receipt.pdf?lang=en`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Date change fee');
    expect(text).toContain(formatPrice(bought.total + 1000, 'JPY', 'en'));
  });

  it('a cheaper date: a difference given back lowers the receipt, a difference kept stays on it', async () => {
    await setDateChangeRules(ctx.db, 'demo', { feePerAdmission: 100, cheaperNewSlot: 'refund_difference' });
    const refunded = await boughtDearer(300);
    const back = await changeDate(refunded, 4);
    expect(back.amounts).toMatchObject({ fee: 100, toPay: 0, toRefund: 200 });
    const confirmed = await api.post<Body>(`timechanges/${back.time_change_token}/confirm`, {
      reservation_token: refunded.reservationToken,
    });
    expect(confirmed.body).toMatchObject({ status: 'completed', refund: { amount: 200, status: 'refunded' } });
    const lower = (await issue(refunded)).body;
    expect(lower.total).toBe(refunded.total + 300 - 200);
    expect(lower.total).toBe(await netPaid(refunded));
    expect(lower.lines).toContainEqual({ name: 'Date change fee', quantity: 1, unitPrice: 100, amount: 100 });
    expectAddsUp(lower);

    await setDateChangeRules(ctx.db, 'demo', { cheaperNewSlot: 'no_refund' });
    const kept = await boughtDearer(300);
    const keep = await changeDate(kept, 5);
    expect(keep.amounts).toMatchObject({ fee: 100, toPay: 0, toRefund: 0 });
    const done = await api.post<Body>(`timechanges/${keep.time_change_token}/confirm`, {
      reservation_token: kept.reservationToken,
    });
    expect(done.body).toMatchObject({ status: 'completed', refund: null });
    const same = (await issue(kept)).body;
    expect(same.total).toBe(kept.total + 300);
    expect(same.total).toBe(await netPaid(kept));
    expect(same.lines).toContainEqual({ name: 'Date change fee', quantity: 1, unitPrice: 100, amount: 100 });
    expect(same.lines).toContainEqual({
      name: 'Difference from the price as booked',
      quantity: 1,
      unitPrice: 200,
      amount: 200,
    });
    expectAddsUp(same);
  });

  it('dates a receipt by the venue’s day: issued at 23:30 UTC it is the next day in Tokyo, and numbered in its year', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    expect((await issue(bought)).status).toBe(200);
    await ctx.db.execute(sql`
      update receipts set issued_at = '2026-03-31T23:30:00Z'
      where order_id = (select id from orders where reservation_number = ${bought.reservationNumber})`);
    const shown = await api.get<Receipt>(`tickets/${bought.reservationToken}/receipt?lang=en`);
    expect(shown.body.issuedAt).toBe('2026-03-31T23:30:00.000Z');
    expect(shown.body.issuedOn).toBe('2026-04-01');
    const pdf = await test.app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${bought.reservationToken}/receipt.pdf?lang=en`,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Issued ${formatDate('2026-04-01', 'en')}`);
    expect(text).not.toContain('2026-03-31');

    // 15:30 UTC on New Year's Eve is already New Year's morning at the venue.
    const site = (await listSites(ctx.db)).find((s) => s.variant === 'demo');
    if (!site) throw new Error('no demo site');
    const tickets = createTicketsService(ctx.db, createOrdersService(ctx.db, { issueTickets: issueTicketsOfOrders }));
    const newYear = await buyTickets(api, ctx.db, { quantity: 1 });
    const issued = await tickets.issueReceipt(site, newYear.reservationToken, 'B', 'en', new Date('2026-12-31T15:30:00Z'));
    expect(issued.number).toMatch(/^DEMO-2027-\d{6}$/);
    expect(issued.issuedOn).toBe('2027-01-01');
    const [stored] = await rows<{ issued_at: Date | string }>(
      ctx.db,
      sql`select r.issued_at from receipts r join orders o on o.id = r.order_id
          where o.reservation_number = ${newYear.reservationNumber}`,
    );
    expect(new Date(stored?.issued_at ?? 0).toISOString()).toBe('2026-12-31T15:30:00.000Z');
  });

  it('prints the venue’s qualified-invoice registration number set from the console, in the visitor’s language', async () => {
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const staff = consoleClient(test.app);
    await signIn(staff, owner.email);
    const set = await staff.patch('venues/demo/settings', { invoice_registration_number: 'T7000012050002' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const refused = await staff.patch<{ field: string }>('venues/demo/settings', {
      invoice_registration_number: 'T7000012050003',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('invoice_registration_number');
    try {
      const bought = await buyTickets(api, ctx.db, { quantity: 2 });
      const issued = await api.post<Receipt>(`tickets/${bought.reservationToken}/receipt`, {
        addressee: '山田 花子',
        lang: 'ja',
      });
      expect(issued.status).toBe(200);
      expect(issued.body.invoiceRegistrationNumber).toBe('T7000012050002');
      const pdf = await test.app.inject({
        method: 'GET',
        url: `/demo/api/v1/tickets/${bought.reservationToken}/receipt.pdf?lang=ja`,
      });
      expect(pdf.statusCode).toBe(200);
      // The Latin runs of the Japanese receipt: the number after 登録番号, the reservation number.
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('T7000012050002');
      expect(text).toContain(bought.reservationNumber);
    } finally {
      expect((await staff.patch('venues/demo/settings', { invoice_registration_number: null })).status).toBe(200);
    }
  });
});
