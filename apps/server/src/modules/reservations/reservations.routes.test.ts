import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buyTickets } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { INQUIRY_LIMITS } from './reservations.service.ts';

type ErrorBody = { error: string; field?: string };

describeEachEngine('reservation inquiry API', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(() => {
    api = apiFor(test.app, 'demo');
  });
  const inquire = (email: string, number: string, ip = '203.0.113.1') =>
    test.app.inject({
      method: 'GET',
      url: `/demo/api/v1/reservations?email=${encodeURIComponent(email)}&reservation_number=${encodeURIComponent(number)}&lang=en`,
      remoteAddress: ip,
    });

  it('finds the reservation by address and number, gives a token that opens it and mails the link', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2, email: 'inquiry@example.com' });
    const response = await inquire('Inquiry@Example.com', bought.reservationNumber.toLowerCase(), '203.0.113.10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const token = response.json().reservation_token as string;
    expect(token).not.toBe(bought.reservationToken);
    const view = await api.get<{ reservationNumber: string }>(`tickets/${token}`);
    expect(view.body.reservationNumber).toBe(bought.reservationNumber);
    // The mailed link of the purchase still works.
    expect((await api.get(`tickets/${bought.reservationToken}`)).status).toBe(200);
    const [mail] = await rows<{ text_body: string }>(
      ctx.db,
      sql`select text_body from outbox where kind = 'ticket_inquiry' and to_address = 'inquiry@example.com'`,
    );
    expect(mail?.text_body).toContain(`/demo/tickets/?lang=en#/id/${token}`);
  });

  it('answers ticket not found for a wrong number or a wrong address', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1, email: 'someone@example.com' });
    const wrongNumber = await inquire('someone@example.com', 'ZZZZZ-ZZZZZ', '203.0.113.20');
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongNumber.json().error).toBe('ticket not found');
    const wrongAddress = await inquire('other@example.com', bought.reservationNumber, '203.0.113.21');
    expect(wrongAddress.json().error).toBe('ticket not found');
  });

  it('names a missing field', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/demo/api/v1/reservations?email=a@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('reservation_number');
  });

  it('stops a client guessing reservation numbers, and guesses at one address from many clients', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1, email: 'target@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i <= INQUIRY_LIMITS.perClient.max; i++) {
      statuses.push((await inquire(`guess${i}@example.com`, `AAAAA-${String(i).padStart(5, '0')}`, '198.51.100.7')).statusCode);
    }
    expect(statuses.slice(0, INQUIRY_LIMITS.perClient.max).every((s) => s === 404)).toBe(true);
    const limited = await inquire('target@example.com', bought.reservationNumber, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    // The answer at the limit is the same whether or not the reservation exists.
    expect(limited.json()).toEqual((await inquire('nobody@example.com', 'AAAAA-AAAAA', '198.51.100.7')).json());

    // Many clients, one address: the address's own bucket stops them.
    const perAddress: number[] = [];
    for (let i = 0; i <= INQUIRY_LIMITS.perAddress.max; i++) {
      perAddress.push(
        (await inquire('target@example.com', `BBBBB-${String(i).padStart(5, '0')}`, `192.0.2.${i + 1}`)).statusCode,
      );
    }
    expect(perAddress.at(-1)).toBe(429);
    const body = (await inquire('target@example.com', bought.reservationNumber, '192.0.2.200')).json() as ErrorBody;
    expect(body.error).toBe('too many requests');
  });
});
