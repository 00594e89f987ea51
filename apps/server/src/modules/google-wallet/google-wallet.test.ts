import { generateKeyPairSync } from 'node:crypto';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { changeDateByApi, setDateChangeRules } from '../../../test/date-changes.ts';
import { type GoogleWalletFake, startGoogleWalletFake, verifiedClaims } from '../../../test/google-wallet-fake.ts';
import { type Bought, buyTickets } from '../../../test/tickets.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { cancelAdmissions } from '../tickets/cancel-admissions.ts';
import { SAVE_URL_PREFIX } from './save-link.ts';

const ISSUER = '3388000000022000001';
const CLIENT_EMAIL = 'wallet@storefront-test.iam.gserviceaccount.com';
const PUBLIC_URL = 'https://shop.example';

type TicketView = { admissions: { id: string; qr: string }[]; wallet: { google: boolean } };
type Json = Record<string, unknown>;

describeEachEngine('Google Wallet passes', (ctx) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  let fake: GoogleWalletFake;
  let app: FastifyInstance;
  let api: ReturnType<typeof apiFor>;

  beforeAll(async () => {
    fake = await startGoogleWalletFake({ clientEmail: CLIENT_EMAIL, publicKey });
    app = await buildApp({
      config: {
        appMode: 'demo',
        appEnv: 'development',
        reconnectSite: null,
        googleWallet: { issuerId: ISSUER, clientEmail: CLIENT_EMAIL, privateKey, apiUrl: fake.apiUrl, tokenUrl: fake.tokenUrl },
      },
      db: ctx.db,
      storefrontDir: fakeStorefrontDir(),
      publicUrl: () => PUBLIC_URL,
      // Rounds are run by the tests; a failed update may be tried again at once.
      googleWallet: { roundMs: 3_600_000, retryDelayMs: () => 0 },
    });
    api = apiFor(app, 'demo');
    await enableVenue(ctx.db, 'demo', true);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.failNext(0);
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
  });

  const view = async (bought: Bought) => (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
  const saveLink = (bought: Bought) => api.get<{ url: string } & Json>(`tickets/${bought.reservationToken}/wallet/google`);
  const objectOf = (admissionId: string) => fake.objects.get(`${ISSUER}.${admissionId}`) as Json | undefined;
  const requestsSince = (count: number) => fake.requests.slice(count).filter((r) => r.path !== '/token');

  const changeDate = (bought: Bought) =>
    changeDateByApi(ctx.db, api, { reservationToken: bought.reservationToken, productId: bought.slot.productId });

  it('makes the product’s class and an object per admission on the first save link, signed for the shop’s origin', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const before = fake.requests.length;
    const answer = await saveLink(bought);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.url.startsWith(SAVE_URL_PREFIX)).toBe(true);

    // The save JWT verifies with the service account's public key and names the objects by id only.
    const claims = verifiedClaims(answer.body.url.slice(SAVE_URL_PREFIX.length), publicKey);
    const ticket = await view(bought);
    expect(ticket.wallet.google).toBe(true);
    const ids = ticket.admissions.map((a) => `${ISSUER}.${a.id}`);
    expect(claims).toMatchObject({
      iss: CLIENT_EMAIL,
      aud: 'google',
      typ: 'savetowallet',
      origins: [PUBLIC_URL],
      payload: { eventTicketObjects: ids.map((id) => ({ id })) },
    });

    // The API was called with a token from the service account's verified assertion.
    expect(fake.tokensIssued).toBeGreaterThan(0);
    const calls = requestsSince(before);
    expect(calls.every((c) => c.status < 300 || c.status === 409)).toBe(true);
    const classId = `${ISSUER}.demo-product-${bought.slot.productId}`;
    expect(fake.classes.get(classId)).toMatchObject({ id: classId, reviewStatus: 'UNDER_REVIEW', eventName: expect.any(Object) });
    for (const admission of ticket.admissions) {
      expect(objectOf(admission.id)).toMatchObject({
        id: `${ISSUER}.${admission.id}`,
        classId,
        state: 'ACTIVE',
        // The same signed code as the ticket page's QR of this admission.
        barcode: { type: 'QR_CODE', value: admission.qr },
        validTimeInterval: { start: { date: expect.stringMatching(/\+09:00$/) }, end: { date: expect.any(String) } },
        reservationInfo: { confirmationCode: bought.reservationNumber },
      });
    }

    // Asked again: nothing is made twice.
    const again = fake.requests.length;
    expect((await saveLink(bought)).status).toBe(200);
    expect(requestsSince(again)).toEqual([]);
  });

  it('is not found where the venue has not turned passes on', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    await enableVenue(ctx.db, 'demo', false);
    try {
      expect((await view(bought)).wallet.google).toBe(false);
      expect((await saveLink(bought)).status).toBe(404);
    } finally {
      await enableVenue(ctx.db, 'demo', true);
    }
    expect((await api.get('tickets/AAAAAAAAAAAAAAAAAAAAAA/wallet/google')).status).toBe(404);
  });

  it('after a date change, a round PATCHes each object with the new slot’s times and code, once', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    expect((await saveLink(bought)).status).toBe(200);
    const old = await view(bought);
    const oldObject = structuredClone(objectOf(old.admissions[0]?.id ?? ''));
    await changeDate(bought);
    const changed = await view(bought);

    const before = fake.requests.length;
    const round = await app.followGoogleWalletChanges();
    expect(round.failed).toBe(0);
    const patches = requestsSince(before).filter((r) => r.method === 'PATCH');
    expect(patches.map((p) => p.path).sort()).toEqual(
      changed.admissions.map((a) => `/walletobjects/v1/eventTicketObject/${encodeURIComponent(`${ISSUER}.${a.id}`)}`).sort(),
    );
    for (const admission of changed.admissions) {
      const object = objectOf(admission.id) as Json;
      expect(object).toMatchObject({ state: 'ACTIVE', barcode: { type: 'QR_CODE', value: admission.qr } });
      expect(object.validTimeInterval).not.toEqual(oldObject?.validTimeInterval);
    }

    // The feed is read again behind its cursor, but an object already up to date is left alone.
    const after = fake.requests.length;
    await app.followGoogleWalletChanges();
    expect(requestsSince(after)).toEqual([]);
  });

  it('makes the pass of a cancelled admission INACTIVE', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    expect((await saveLink(bought)).status).toBe(200);
    const [first, second] = (await view(bought)).admissions;
    const [order] = await rows<{ id: string }>(ctx.db, sql`select order_id as id from tickets where id = ${first?.id}`);
    await ctx.db.transaction((tx) => cancelAdmissions(tx as unknown as Database, order?.id ?? '', [first?.id ?? '']));

    await app.followGoogleWalletChanges();
    expect(objectOf(first?.id ?? '')).toMatchObject({ state: 'INACTIVE' });
    expect(objectOf(second?.id ?? '')).toMatchObject({ state: 'ACTIVE', barcode: { value: second?.qr } });
  });

  it('tries a failed update again on the next round, without losing the change', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    expect((await saveLink(bought)).status).toBe(200);
    const oldCode = (await view(bought)).admissions[0]?.qr;
    await changeDate(bought);
    const newCode = (await view(bought)).admissions[0]?.qr;

    fake.failNext(100);
    const failed = await app.followGoogleWalletChanges();
    expect(failed.failed).toBeGreaterThan(0);
    const id = (await view(bought)).admissions[0]?.id ?? '';
    expect(objectOf(id)).toMatchObject({ barcode: { value: oldCode } });
    const [owed] = await rows<{ attempts: number; last_error: string }>(
      ctx.db,
      sql`select attempts, last_error from google_wallet_objects where ticket_id = ${id}`,
    );
    expect(owed).toMatchObject({ attempts: 1, last_error: expect.stringContaining('503') });

    fake.failNext(0);
    const retried = await app.followGoogleWalletChanges();
    expect(retried.failed).toBe(0);
    expect(objectOf(id)).toMatchObject({ state: 'ACTIVE', barcode: { value: newCode } });
  });

  it('after a claimed share, a round makes the giver’s object INACTIVE and the receiver’s save request makes their own', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    expect((await saveLink(bought)).status).toBe(200);
    const shared = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const claim = await api.post<{ reservation_token: string }>(`shares/${shared.body.share_token}/claim`);
    expect(claim.status).toBe(200);
    const receiver = (await api.get<TicketView>(`tickets/${claim.body.reservation_token}?lang=en`)).body;
    const [handed] = receiver.admissions;
    const [kept] = (await view(bought)).admissions;
    if (!handed || !kept) throw new Error('the share did not split the admissions');

    const round = await app.followGoogleWalletChanges();
    expect(round.failed).toBe(0);
    // The giver's pass of the admission handed on no longer admits; the one they kept still does.
    expect(objectOf(handed.id)).toMatchObject({ state: 'INACTIVE' });
    expect(objectOf(kept.id)).toMatchObject({ state: 'ACTIVE', barcode: { value: kept.qr } });

    // The receiver's own pass is another object, made when they ask for their save link.
    const receivers = () => [...fake.objects.keys()].filter((id) => id.startsWith(`${ISSUER}.${handed.id}-`));
    expect(receivers()).toEqual([]);
    const answer = await api.get<{ url: string }>(`tickets/${claim.body.reservation_token}/wallet/google`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [receiverId] = receivers();
    expect(fake.objects.get(receiverId ?? '')).toMatchObject({ state: 'ACTIVE', barcode: { type: 'QR_CODE', value: handed.qr } });
    const claims = verifiedClaims(answer.body.url.slice(SAVE_URL_PREFIX.length), publicKey);
    expect(claims).toMatchObject({ payload: { eventTicketObjects: [{ id: receiverId }] } });
    expect(objectOf(handed.id)).toMatchObject({ state: 'INACTIVE' });
  });

  it('redirects a mail’s "Add to Google Wallet" to the save link, and is not found where the venue has passes off', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const save = `/demo/api/v1/tickets/${bought.reservationToken}/wallet/google/save`;
    const redirect = await app.inject({ method: 'GET', url: save });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const location = String(redirect.headers.location);
    expect(location.startsWith(SAVE_URL_PREFIX)).toBe(true);
    const ids = (await view(bought)).admissions.map((a) => `${ISSUER}.${a.id}`);
    expect(verifiedClaims(location.slice(SAVE_URL_PREFIX.length), publicKey)).toMatchObject({
      typ: 'savetowallet',
      payload: { eventTicketObjects: ids.map((id) => ({ id })) },
    });
    for (const id of ids) expect(fake.objects.get(id)).toMatchObject({ state: 'ACTIVE' });

    await enableVenue(ctx.db, 'demo', false);
    try {
      const off = await app.inject({ method: 'GET', url: save });
      expect(off.statusCode).toBe(404);
      expect(off.headers.location).toBeUndefined();
    } finally {
      await enableVenue(ctx.db, 'demo', true);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/demo/api/v1/tickets/AAAAAAAAAAAAAAAAAAAAAA/wallet/google/save' })).statusCode,
    ).toBe(404);
  });

  it('puts "Add to Google Wallet" into the order and date-change confirmations while the venue offers passes', async () => {
    // Apple's switch on at the venue, but this deployment has no pass certificate.
    await ctx.db.execute(sql`insert into apple_wallet_venues (site_id, is_enabled) select id, true from sites where variant = 'demo'
      on conflict (site_id) do update set is_enabled = true`);
    const mailOf = async (kind: string, reservationNumber: string) => {
      const [mail] = await rows<{ text_body: string; html_body: string }>(
        ctx.db,
        sql`select text_body, html_body from outbox where kind = ${kind}
            and order_id = (select id from orders where reservation_number = ${reservationNumber})
            order by created_at desc limit 1`,
      );
      if (!mail) throw new Error(`no ${kind} mail was written`);
      return mail;
    };
    const saveLinkIn = (mail: { text_body: string }) =>
      mail.text_body.match(
        /^Add to Google Wallet: (https:\/\/shop\.example\/demo\/api\/v1\/tickets\/([\w-]{22})\/wallet\/google\/save)$/m,
      );
    try {
      const bought = await buyTickets(api, ctx.db, { quantity: 1 });
      const confirmation = await mailOf('order_confirmation', bought.reservationNumber);
      const link = saveLinkIn(confirmation);
      expect(link?.[2]).toBe(bought.reservationToken);
      expect(confirmation.html_body).toContain(`<a href="${link?.[1]}"`);
      expect(confirmation.html_body).toContain('>Add to Google Wallet</a>');
      for (const body of [confirmation.text_body, confirmation.html_body]) expect(body).not.toContain('Apple Wallet');
      // The mail's link, followed: Google's save page.
      const followed = await app.inject({ method: 'GET', url: (link?.[1] ?? '').replace(PUBLIC_URL, '') });
      expect(followed.statusCode).toBe(302);
      expect(String(followed.headers.location).startsWith(SAVE_URL_PREFIX)).toBe(true);

      // The date change's confirmation carries a link of the token minted for it.
      await changeDate(bought);
      const moved = await mailOf('time_change_confirmation', bought.reservationNumber);
      const movedLink = saveLinkIn(moved);
      expect(movedLink).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: (movedLink?.[1] ?? '').replace(PUBLIC_URL, '') })).statusCode).toBe(302);

      await enableVenue(ctx.db, 'demo', false);
      const off = await mailOf('order_confirmation', (await buyTickets(api, ctx.db, { quantity: 1 })).reservationNumber);
      for (const body of [off.text_body, off.html_body]) expect(body).not.toContain('Wallet');
    } finally {
      await enableVenue(ctx.db, 'demo', true);
      await ctx.db.execute(sql`update apple_wallet_venues set is_enabled = false`);
    }
  });
});

async function enableVenue(db: Database, variant: string, isEnabled: boolean): Promise<void> {
  await db.execute(
    sql`insert into google_wallet_venues (site_id, is_enabled) select id, ${isEnabled} from sites where variant = ${variant}
        on conflict (site_id) do update set is_enabled = excluded.is_enabled`,
  );
}
