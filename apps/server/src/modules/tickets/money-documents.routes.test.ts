import { inflateSync } from 'node:zlib';
import type { MoneyDocuments, Receipt, TicketView } from '@storefront/domain/api/tickets';
import type { CancellationPreview } from '@storefront/domain/console/order-refunds';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { type Bought, buyTickets } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

/** The text a PDF draws (pdf-lib writes each run as a hex string shown with Tj), as in receipts.routes.test.ts. */
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

describeEachEngine('money documents after a cancellation with a refund', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  let staff: ConsoleClient;
  beforeAll(async () => {
    api = apiFor(test.app, 'demo');
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    staff = consoleClient(test.app);
    await signIn(staff, owner.email);
  });

  const orderIdOf = async (bought: Bought) =>
    (await rows<{ id: string }>(ctx.db, sql`select id from orders where reservation_number = ${bought.reservationNumber}`))[0]
      ?.id ?? '';

  /** What the ledger says: the kept payments less the refunds that succeeded. */
  async function ledgerNet(orderId: string): Promise<{ paid: number; refunded: number }> {
    const [row] = await rows<{ paid: number; refunded: number }>(
      ctx.db,
      sql`select (select coalesce(sum(amount), 0)::int from payments where order_id = ${orderId} and completed_at is not null) as paid,
                 (select coalesce(sum(amount), 0)::int from refunds where order_id = ${orderId} and status = 'succeeded') as refunded`,
    );
    return row ?? { paid: -1, refunded: -1 };
  }

  /** Staff cancel the order's second admission from the console, refunding its share. */
  async function cancelSecond(orderId: string): Promise<number> {
    const [, second] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from tickets where order_id = ${orderId} order by position`,
    );
    const preview = await staff.get<CancellationPreview>(`venues/demo/orders/${orderId}/cancellation?tickets=${second?.id}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const done = await staff.post(`venues/demo/orders/${orderId}/cancellation`, {
      tickets: [second?.id],
      refund: { mode: 'provider', amount: preview.body.proposed_amount },
      reason: 'the child could not come',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return preview.body.proposed_amount;
  }

  const pdfOf = async (bought: Bought, number: string, lang = 'en') => {
    const answer = await test.app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${bought.reservationToken}/receipts/${number}/pdf?lang=${lang}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    return pdfText(answer.rawPayload);
  };

  const price = (amount: number) => formatPrice(amount, 'JPY', 'en');
  const sold = (receipt: Receipt) => receipt.lines.reduce((sum, l) => sum + l.quantity, 0);

  it('keeps the receipt as issued, documents the refund and re-issues a receipt for the net that names the original', async () => {
    const set = await staff.patch('venues/demo/settings', { invoice_registration_number: 'T7000012050002' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      const bought = await buyTickets(api, ctx.db, { quantity: 2 });
      const orderId = await orderIdOf(bought);
      const issued = await api.post<Receipt>(`tickets/${bought.reservationToken}/receipt`, {
        addressee: 'Example Co., Ltd.',
        lang: 'en',
      });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      expect(issued.body).toMatchObject({ kind: 'receipt', total: bought.total, replaces: null });
      expect(sold(issued.body)).toBe(2);

      const refunded = await cancelSecond(orderId);
      expect(refunded).toBeGreaterThan(0);
      const ledger = await ledgerNet(orderId);
      expect(ledger).toEqual({ paid: bought.total, refunded });
      const net = ledger.paid - ledger.refunded;
      // The ticket page says the same: one admission standing, what was paid and what came back.
      const ticket = await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`);
      expect(ticket.status).toBe(200);
      expect(ticket.body).toMatchObject({ quantity: 1, pricePaid: ledger.paid, refunded });
      expect(ticket.body.options.find((o) => o.id === bought.slot.adultOptionId)?.quantity).toBe(1);
      expect(ticket.body.admissions.map((a) => a.ticketStatus).sort()).toEqual(['cancelled', 'valid']);

      const listed = await api.get<MoneyDocuments>(`tickets/${bought.reservationToken}/receipts?lang=en`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body).toMatchObject({ current: issued.body.number, net, reissuable: true });
      expect(listed.body.documents.map((d) => d.kind)).toEqual(['receipt', 'refund']);
      // The original is unchanged: both admissions, the whole amount.
      const [original, refund] = listed.body.documents as [Receipt, Receipt];
      expect(original).toEqual({ ...issued.body, replacedBy: null });
      // The refund document: the amount, the tax it includes, the registration number, the day, the receipt it corrects.
      expect(refund).toMatchObject({
        kind: 'refund',
        total: refunded,
        tax: Math.floor((refunded * 10) / 110),
        invoiceRegistrationNumber: 'T7000012050002',
        replaces: original.number,
        addressee: 'Example Co., Ltd.',
      });
      expect(refund.refundedOn).toBe(refund.issuedOn);
      expect(refund.number).not.toBe(original.number);
      // Asking again issues nothing more.
      const again = await api.get<MoneyDocuments>(`tickets/${bought.reservationToken}/receipts?lang=en`);
      expect(again.body.documents.map((d) => d.number)).toEqual([original.number, refund.number]);

      const reissued = await api.post<Receipt>(`tickets/${bought.reservationToken}/receipts/reissue`, { lang: 'en' });
      expect(reissued.status, JSON.stringify(reissued.body)).toBe(201);
      expect(reissued.body).toMatchObject({
        kind: 'reissue',
        replaces: original.number,
        total: net,
        addressee: 'Example Co., Ltd.',
      });
      expect(reissued.body.tax).toBe(Math.floor((net * 10) / 110));
      // The cancelled admission is no sold line; the lines add up to the amount.
      expect(sold(reissued.body)).toBe(1);
      expect(reissued.body.lines.reduce((sum, l) => sum + l.amount, 0) - reissued.body.discount).toBe(net);
      // Nothing changed since: no second re-issue.
      const twice = await api.post(`tickets/${bought.reservationToken}/receipts/reissue`, { lang: 'en' });
      expect(twice.status).toBe(409);

      const after = await api.get<MoneyDocuments>(`tickets/${bought.reservationToken}/receipts?lang=en`);
      expect(after.body).toMatchObject({ current: reissued.body.number, reissuable: false });
      expect(after.body.documents.map((d) => d.kind)).toEqual(['receipt', 'refund', 'reissue']);
      expect(after.body.documents[0]).toEqual({ ...issued.body, replacedBy: reissued.body.number });
      // The receipt route gives the one that stands; the original stays readable by its number.
      expect((await api.get<Receipt>(`tickets/${bought.reservationToken}/receipt?lang=en`)).body.number).toBe(
        reissued.body.number,
      );
      const byNumber = await api.get<Receipt>(`tickets/${bought.reservationToken}/receipts/${original.number}?lang=en`);
      expect(byNumber.body.total).toBe(bought.total);

      // Each PDF says what its JSON says.
      const originalPdf = await pdfOf(bought, original.number);
      expect(originalPdf).toContain('RECEIPT');
      expect(originalPdf).toContain(price(bought.total));
      expect(originalPdf).not.toContain('RE-ISSUED');
      const refundPdf = await pdfOf(bought, refund.number);
      expect(refundPdf).toContain('REFUND INVOICE');
      expect(refundPdf).toContain(`Subject to 10%: ${price(refunded)} (tax included: ${price(refund.tax)})`);
      expect(refundPdf).toContain('T7000012050002');
      expect(refundPdf).toContain(`Refunded ${formatDate(refund.refundedOn ?? '', 'en')}`);
      expect(refundPdf).toContain(`Refund against No. ${original.number}`);
      const reissuedPdf = await pdfOf(bought, reissued.body.number);
      expect(reissuedPdf).toContain('RECEIPT (RE-ISSUED)');
      expect(reissuedPdf).toContain(`Re-issued in place of No. ${original.number}`);
      expect(reissuedPdf).toContain(`Subject to 10%: ${price(net)} (tax included: ${price(reissued.body.tax)})`);
      expect(reissuedPdf).not.toContain(price(bought.total));
      const current = await test.app.inject({
        method: 'GET',
        url: `/demo/api/v1/tickets/${bought.reservationToken}/receipt.pdf?lang=en`,
      });
      expect(await pdfText(current.rawPayload)).toBe(reissuedPdf);
      // The Japanese refund document of a qualified-invoice venue is a 適格返還請求書.
      const ja = await api.get<Receipt>(`tickets/${bought.reservationToken}/receipts/${refund.number}?lang=ja`);
      expect(ja.body.lines[0]?.name).toBe('ご返金');
    } finally {
      expect((await staff.patch('venues/demo/settings', { invoice_registration_number: null })).status).toBe(200);
    }
  });

  it('issues a receipt first asked for after a partial cancellation for the net, with the standing admissions only', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const orderId = await orderIdOf(bought);
    const refunded = await cancelSecond(orderId);
    const ledger = await ledgerNet(orderId);
    const issued = await api.post<Receipt>(`tickets/${bought.reservationToken}/receipt`, { addressee: 'B', lang: 'en' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ kind: 'receipt', total: ledger.paid - ledger.refunded, replaces: null });
    expect(issued.body.total).toBe(bought.total - refunded);
    expect(sold(issued.body)).toBe(1);
    const listed = await api.get<MoneyDocuments>(`tickets/${bought.reservationToken}/receipts?lang=en`);
    // The refund came before the receipt, which is already net of it: no refund document, nothing to re-issue.
    expect(listed.body.documents.map((d) => d.kind)).toEqual(['receipt']);
    expect(listed.body.reissuable).toBe(false);
    const pdf = await pdfOf(bought, issued.body.number);
    expect(pdf).toContain(price(bought.total - refunded));
    expect(pdf).not.toContain(price(bought.total));
  });
});
