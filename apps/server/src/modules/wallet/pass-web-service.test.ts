import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { type ApnsPush, startApnsFake, testAppleWalletConfig } from '../../../test/apple-wallet.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { changeDateByApi, setDateChangeRules } from '../../../test/date-changes.ts';
import { buyTickets } from '../../../test/tickets.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { cancelAdmissions } from '../tickets/cancel-admissions.ts';

type TicketView = {
  admissions: { id: string; qr: string; ticketStatus: string }[];
  wallet: { apple: boolean; google: boolean };
};
type PassJson = {
  serialNumber: string;
  authenticationToken: string;
  relevantDate: string;
  voided: boolean;
  barcodes?: { message: string }[];
  eventTicket: { secondaryFields: { key: string; value: string }[] };
};

const PASS_TYPE = 'pass.test.storefront';

async function passJson(archive: Buffer): Promise<PassJson> {
  const zip = await JSZip.loadAsync(archive);
  return JSON.parse((await zip.file('pass.json')?.async('string')) ?? '{}') as PassJson;
}

describeEachEngine('Apple Wallet pass web service', (ctx) => {
  let app: FastifyInstance;
  let apns: Awaited<ReturnType<typeof startApnsFake>>;
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    apns = await startApnsFake();
    app = await buildApp({
      config: {
        appMode: 'demo',
        appEnv: 'development',
        reconnectSite: null,
        appleWallet: testAppleWalletConfig(apns.url, apns.ca),
      },
      db: ctx.db,
      storefrontDir: fakeStorefrontDir(),
      publicUrl: () => 'https://shop.example',
      // Rounds are run by the test.
      appleWalletMs: 3_600_000,
    });
    api = apiFor(app, 'demo');
    await ctx.db.execute(sql`insert into apple_wallet_venues (site_id, is_enabled, latitude, longitude)
      select id, true, 35.7, 139.77 from sites where variant = 'demo'`);
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await apns?.close();
  });

  const service = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token?: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `/wallet/apple/v1/${path}`,
      headers: { ...(token ? { authorization: `ApplePass ${token}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

  it('hands out a pass per admission of the token, registers devices and serves the new pass after a date change', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const view = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
    expect(view.wallet).toEqual({ apple: true, google: false });
    const [admission] = view.admissions;
    if (!admission) throw new Error('no admission');

    const download = await app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${bought.reservationToken}/wallet/apple/${admission.id}.pkpass`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const issued = await passJson(download.rawPayload);
    expect(issued.serialNumber).toBe(admission.id);
    expect(issued.barcodes?.[0]?.message).toBe(admission.qr);
    const token = issued.authenticationToken;
    // Another order's admission, through this token: none of its business.
    const other = await buyTickets(api, ctx.db, { quantity: 1 });
    const otherId = (await api.get<TicketView>(`tickets/${other.reservationToken}?lang=en`)).body.admissions[0]?.id;
    expect(
      (await app.inject({ method: 'GET', url: `/demo/api/v1/tickets/${bought.reservationToken}/wallet/apple/${otherId}.pkpass` }))
        .statusCode,
    ).toBe(404);

    const device = 'device-library-1';
    const registration = `devices/${device}/registrations/${PASS_TYPE}/${admission.id}`;
    expect((await service('POST', registration, undefined, { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await service('POST', registration, 'not-the-token', { pushToken: 'push-1' })).statusCode).toBe(401);
    expect(
      (await service('POST', `devices/${device}/registrations/pass.other/${admission.id}`, token, { pushToken: 'push-1' }))
        .statusCode,
    ).toBe(401);
    expect((await service('POST', registration, token, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await service('POST', registration, token, { pushToken: 'push-1' })).statusCode).toBe(200);

    const listed = await service('GET', `devices/${device}/registrations/${PASS_TYPE}`);
    expect(listed.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = listed.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([admission.id]);
    expect(
      (await service('GET', `devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).statusCode,
    ).toBe(204);

    const latest = await service('GET', `passes/${PASS_TYPE}/${admission.id}`, token);
    expect(latest.statusCode).toBe(200);
    expect((await passJson(latest.rawPayload)).authenticationToken).toBe(token);
    const lastModified = latest.headers['last-modified'] as string;
    expect(
      (await service('GET', `passes/${PASS_TYPE}/${admission.id}`, token, undefined, { 'if-modified-since': lastModified }))
        .statusCode,
    ).toBe(304);
    expect((await service('GET', `passes/${PASS_TYPE}/${admission.id}`, 'wrong')).statusCode).toBe(401);
    // Nothing changed yet: a round pushes nothing.
    await app.followAppleWalletChanges();
    expect(apns.pushes).toEqual([]);

    // The visitor moves the booking to another day.
    const to = await changeDateByApi(ctx.db, api, {
      reservationToken: bought.reservationToken,
      productId: bought.slot.productId,
    });
    const moved = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body.admissions.find(
      (a) => a.id === admission.id,
    );

    // The admission's pass changed (the other admission has no pass): one push, to the registered device.
    expect(await app.followAppleWalletChanges()).toBe(1);
    await expect.poll(() => apns.pushes.length).toBe(1);
    expect(apns.pushes[0]).toEqual<ApnsPush>({ path: '/3/device/push-1', topic: PASS_TYPE, body: '{}' });
    // Seen again (the feed's overlap, another process): nothing more is pushed.
    await ctx.db.execute(sql`update apple_wallet_feed set after_id = 0`);
    expect(await app.followAppleWalletChanges()).toBe(0);
    expect(apns.pushes).toHaveLength(1);

    const since = await service('GET', `devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`);
    expect(since.statusCode).toBe(200);
    expect((since.json() as { serialNumbers: string[] }).serialNumbers).toEqual([admission.id]);
    const renewed = await service('GET', `passes/${PASS_TYPE}/${admission.id}`, token, undefined, {
      'if-modified-since': lastModified,
    });
    expect(renewed.statusCode).toBe(200);
    const pass = await passJson(renewed.rawPayload);
    const [slot] = await rows<{ starts_at: Date }>(ctx.db, sql`select starts_at from product_time_spans where id = ${to}`);
    expect(new Date(pass.relevantDate).getTime()).toBe(new Date(slot?.starts_at ?? 0).getTime());
    expect(pass.voided).toBe(false);
    expect(pass.barcodes?.[0]?.message).toBe(moved?.qr);
    expect(pass.barcodes?.[0]?.message).not.toBe(admission.qr);

    // Unregistered, the device hears no more.
    expect((await service('DELETE', registration, token)).statusCode).toBe(200);
    expect((await service('GET', `devices/${device}/registrations/${PASS_TYPE}`)).statusCode).toBe(204);
    expect((await service('POST', 'log', undefined, { logs: ['a device said something'] })).statusCode).toBe(200);
  });

  it('offers no pass where the venue has Apple Wallet off', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    await ctx.db.execute(sql`update apple_wallet_venues set is_enabled = false`);
    try {
      const view = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
      expect(view.wallet.apple).toBe(false);
      const url = `/demo/api/v1/tickets/${bought.reservationToken}/wallet/apple/${view.admissions[0]?.id}.pkpass`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await ctx.db.execute(sql`update apple_wallet_venues set is_enabled = true`);
    }
  });

  /** Downloads the admission's pass through the token and registers a device for it; the pass's token. */
  async function keepOnDevice(reservationToken: string, admissionId: string, device: string, pushToken: string) {
    const download = await app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${reservationToken}/wallet/apple/${admissionId}.pkpass`,
    });
    expect(download.statusCode).toBe(200);
    const issued = await passJson(download.rawPayload);
    expect(issued.voided).toBe(false);
    const registered = await service(
      'POST',
      `devices/${device}/registrations/${PASS_TYPE}/${admissionId}`,
      issued.authenticationToken,
      {
        pushToken,
      },
    );
    expect(registered.statusCode).toBe(201);
    return issued.authenticationToken;
  }
  const pushesTo = (pushToken: string) => apns.pushes.filter((p) => p.path === `/3/device/${pushToken}`);

  it('voids the pass of a cancelled admission after a round, without its code, and pushes its device', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const [first, second] = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body.admissions;
    if (!first || !second) throw new Error('two admissions were bought');
    const token = await keepOnDevice(bought.reservationToken, first.id, 'device-cancel', 'push-cancel');
    await keepOnDevice(bought.reservationToken, second.id, 'device-cancel-2', 'push-cancel-2');

    const [order] = await rows<{ id: string }>(ctx.db, sql`select order_id as id from tickets where id = ${first.id}`);
    await ctx.db.transaction((tx) => cancelAdmissions(tx as unknown as Database, order?.id ?? '', [first.id]));
    expect(await app.followAppleWalletChanges()).toBe(1);
    await expect.poll(() => pushesTo('push-cancel').length).toBe(1);
    // The admission that still stands: its pass and its device are left alone.
    expect(pushesTo('push-cancel-2')).toEqual([]);

    const renewed = await service('GET', `passes/${PASS_TYPE}/${first.id}`, token);
    expect(renewed.statusCode).toBe(200);
    const pass = await passJson(renewed.rawPayload);
    expect(pass.voided).toBe(true);
    expect(pass.barcodes ?? []).toEqual([]);
  });

  it('voids the giver’s pass of a claimed share, pushes its device, and lets the receiver download their own', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const before = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body.admissions;
    const tokens = new Map<string, string>();
    for (const [i, admission] of before.entries())
      tokens.set(admission.id, await keepOnDevice(bought.reservationToken, admission.id, `device-giver-${i}`, `push-giver-${i}`));

    const shared = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const claim = await api.post<{ reservation_token: string }>(`shares/${shared.body.share_token}/claim`);
    expect(claim.status).toBe(200);
    const received = (await api.get<TicketView>(`tickets/${claim.body.reservation_token}?lang=en`)).body;
    expect(received.wallet.apple).toBe(true);
    const [handed] = received.admissions;
    if (!handed) throw new Error('the receiver has no admission');
    const handedIndex = before.findIndex((a) => a.id === handed.id);
    const giverToken = tokens.get(handed.id) ?? '';

    // Sharing and claiming each moved the admission on: the giver's device hears of it.
    expect(await app.followAppleWalletChanges()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => pushesTo(`push-giver-${handedIndex}`).length).toBeGreaterThanOrEqual(1);
    expect(pushesTo(`push-giver-${1 - handedIndex}`)).toEqual([]);
    const givers = await service('GET', `passes/${PASS_TYPE}/${handed.id}`, giverToken);
    expect(givers.statusCode).toBe(200);
    const voided = await passJson(givers.rawPayload);
    expect(voided.voided).toBe(true);
    expect(voided.barcodes ?? []).toEqual([]);
    // The giver's ticket page no longer shows the admission, so it hands out no pass of it.
    const giverDownload = `/demo/api/v1/tickets/${bought.reservationToken}/wallet/apple/${handed.id}.pkpass`;
    expect((await app.inject({ method: 'GET', url: giverDownload })).statusCode).toBe(404);

    // The receiver downloads their own, with the code their page shows.
    const download = await app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${claim.body.reservation_token}/wallet/apple/${handed.id}.pkpass`,
    });
    expect(download.statusCode).toBe(200);
    const own = await passJson(download.rawPayload);
    expect(own.serialNumber).toBe(handed.id);
    expect(own.voided).toBe(false);
    expect(own.barcodes?.[0]?.message).toBe(handed.qr);
    expect((await service('GET', `passes/${PASS_TYPE}/${handed.id}`, own.authenticationToken)).statusCode).toBe(200);
    // Handed to the receiver, the pass no longer opens with the giver's token.
    expect((await service('GET', `passes/${PASS_TYPE}/${handed.id}`, giverToken)).statusCode).toBe(401);
  });

  it('puts "Add to Apple Wallet" into the order confirmation while the venue offers passes, and no Google link without an issuer', async () => {
    // Google's switch on at the venue, but this deployment has no Google issuer.
    await ctx.db.execute(sql`insert into google_wallet_venues (site_id, is_enabled) select id, true from sites where variant = 'demo'
      on conflict (site_id) do update set is_enabled = true`);
    const confirmation = async (reservationNumber: string) => {
      const [mail] = await rows<{ text_body: string; html_body: string }>(
        ctx.db,
        sql`select text_body, html_body from outbox where kind = 'order_confirmation'
            and order_id = (select id from orders where reservation_number = ${reservationNumber})`,
      );
      if (!mail) throw new Error('no confirmation was written');
      return mail;
    };
    try {
      const bought = await buyTickets(api, ctx.db, { quantity: 2 });
      const mail = await confirmation(bought.reservationNumber);
      // The ticket page, whose badges add each admission's pass.
      const ticketPage = `https://shop.example/demo/tickets/?lang=en#/id/${bought.reservationToken}`;
      expect(mail.text_body).toContain(`Add to Apple Wallet: ${ticketPage}`);
      const badge = mail.html_body.match(/<a href="([^"]+)"[^>]*>Add to Apple Wallet<\/a>/);
      expect(badge?.[1]).toBe(ticketPage);
      for (const body of [mail.text_body, mail.html_body]) {
        expect(body).not.toContain('Google Wallet');
        expect(body).not.toContain('/wallet/google');
      }

      await ctx.db.execute(sql`update apple_wallet_venues set is_enabled = false`);
      const off = await confirmation((await buyTickets(api, ctx.db, { quantity: 1 })).reservationNumber);
      for (const body of [off.text_body, off.html_body]) expect(body).not.toContain('Wallet');
    } finally {
      await ctx.db.execute(sql`update apple_wallet_venues set is_enabled = true`);
      await ctx.db.execute(sql`update google_wallet_venues set is_enabled = false`);
    }
  });
});
