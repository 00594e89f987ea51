/**
 * Outbound webhooks (decision 022): events written with the change, signed as documented, POSTed
 * to a local receiver, retried then failed, replayed, and the console API's rights and input.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookEvent,
} from '@storefront/domain/console/webhooks';
import { WEBHOOK_DELIVERIES_KEPT_DAYS, WEBHOOK_DISABLE_AFTER_FAILURES } from '@storefront/domain/console/webhooks';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { auditSince, lastAuditId, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules } from '../../../test/date-changes.ts';
import { gateOf } from '../../../test/gate.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { SYSTEM_ACTOR } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { enqueueWebhookEvent } from './enqueue-webhook-event.ts';
import { createWebhookEndpoint } from './webhook-endpoints.ts';
import { signatureHeader, verifySignature } from './webhook-signature.ts';
import { createWebhookWorker, pruneWebhookDeliveries } from './webhook-worker.ts';

type ErrorBody = { error: string; field?: string };
type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1: answers `status` (changeable) and keeps what it got. */
async function receiver() {
  const received: Received[] = [];
  let answer = { status: 200, body: 'thanks', location: '' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(status: number, body = '', location = '') {
      answer = { status, body, location };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documented recipe, written from the decision without the server's code. */
function recipeVerifies(secret: string, header: string, rawBody: string, nowSeconds = Date.now() / 1000): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(fields.t);
  if (Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${fields.t}.${rawBody}`).digest();
  const given = Buffer.from(fields.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describeEachEngine('outbound webhooks', (ctx) => {
  const server = useTestApp(ctx, { webhooks: { intervalMs: 60_000, timeoutMs: 2_000, maxAttempts: 3, retryDelayMs: () => 0 } });
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let demo: Site;
  beforeAll(async () => {
    hooks = await receiver();
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
    const [site] = await rows<Site>(ctx.db, sql`select id, code from sites where code = 'demo'`);
    demo = site as Site;
  });
  afterAll(async () => hooks.close());

  async function manager(rights: Parameters<typeof makeTeam>[1]['rights'] = ['settings:write'], venueIds?: number[]) {
    const team = await makeTeam(ctx.db, { rights, ...(venueIds ? { venueIds } : {}) });
    const account = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.60' });
    await signIn(client, account.email);
    return client;
  }
  const deliveriesOf = async (client: Awaited<ReturnType<typeof manager>>, endpoint: string, status = '') =>
    (
      await client.get<WebhookDeliveryList>(
        `venues/demo/webhook-deliveries?endpoint=${endpoint}${status ? `&status=${status}` : ''}`,
      )
    ).body.deliveries;

  /** An endpoint of the demo venue for `events`, disabled again after the test's work. */
  async function withEndpoint<T>(
    client: Awaited<ReturnType<typeof manager>>,
    events: string[],
    work: (created: WebhookEndpointWithSecret) => Promise<T>,
  ): Promise<T> {
    const created = await client.post<WebhookEndpointWithSecret>('venues/demo/webhooks', {
      url: hooks.url,
      events,
      description: 'CRM',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    try {
      return await work(created.body);
    } finally {
      expect((await client.patch(`venues/demo/webhooks/${created.body.endpoint.id}`, { active: false })).status).toBe(200);
    }
  }

  it('signs with the documented recipe, and refuses another body, secret or an old time', () => {
    const secret = 'whsec_test';
    const body = '{"id":"1"}';
    const header = signatureHeader(secret, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(recipeVerifies(secret, header, body)).toBe(true);
    expect(verifySignature(secret, header, body)).toBe(true);
    expect(verifySignature(secret, header, '{"id":"2"}')).toBe(false);
    expect(verifySignature('whsec_other', header, body)).toBe(false);
    const old = signatureHeader(secret, body, new Date(Date.now() - 10 * 60_000));
    expect(verifySignature(secret, old, body)).toBe(false);
    expect(recipeVerifies(secret, old, body)).toBe(false);
  });

  it('writes the event in the change’s transaction: a rolled-back change leaves no delivery', async () => {
    const client = await manager();
    await withEndpoint(client, ['order.refunded'], async ({ endpoint }) => {
      const count = async () =>
        (
          await rows<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id}`,
          )
        )[0]?.n;
      await expect(
        ctx.db.transaction(async (tx) => {
          expect(
            await enqueueWebhookEvent(tx as unknown as Database, { venue: demo, type: 'order.refunded', data: { x: 1 } }),
          ).toBe(1);
          throw new Error('the change fails');
        }),
      ).rejects.toThrow('the change fails');
      expect(await count()).toBe(0);
      // An event the endpoint did not subscribe to writes nothing; one it did, once.
      await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        expect(
          await enqueueWebhookEvent(t, { venue: demo, type: 'order.completed', data: async () => ({ never: 'read' }) }),
        ).toBe(0);
        expect(await enqueueWebhookEvent(t, { venue: demo, type: 'order.refunded', data: { x: 1 } })).toBe(1);
      });
      expect(await count()).toBe(1);
      await server.app.webhooks.drain();
    });
  });

  it('POSTs a completed order to the receiver, signed, and logs the answer; the secret is shown once', async () => {
    const client = await manager();
    const before = await lastAuditId(ctx.db);
    await withEndpoint(client, ['order.completed', 'admission.checked_in'], async ({ endpoint, secret }) => {
      expect(secret).toMatch(/^whsec_/);
      const listed = await client.get<WebhookEndpointList>('venues/demo/webhooks');
      expect(listed.body.endpoints.find((e) => e.id === endpoint.id)).toMatchObject({ url: hooks.url, active: true });
      expect(JSON.stringify(listed.body)).not.toContain(secret);
      hooks.answer(200, 'ok');
      const seen = hooks.received.length;
      const bought = await buyTickets(apiFor(server.app, 'demo'), ctx.db, { quantity: 2 });
      // The completion kicked the worker already; a drain waits for it.
      await server.app.webhooks.drain();
      const got = hooks.received.slice(seen);
      expect(got).toHaveLength(1);
      const request = got[0] as Received;
      expect(request.headers['storefront-event']).toBe('order.completed');
      expect(recipeVerifies(secret, String(request.headers['storefront-signature']), request.body)).toBe(true);
      const event = JSON.parse(request.body) as WebhookEvent;
      expect(event).toMatchObject({ type: 'order.completed', venue: 'demo' });
      expect(event.data).toMatchObject({ reservation_number: bought.reservationNumber, total: bought.total });
      expect(request.body).not.toContain(bought.reservationToken);
      expect(request.body).not.toContain('order_token');
      // The venue's own customer, by name and address only (decision 022).
      expect(event.data.customer).toEqual({ name: expect.any(String), email: bought.email });
      const [delivery] = await deliveriesOf(client, endpoint.id);
      expect(delivery).toMatchObject({
        id: request.headers['storefront-delivery'],
        event_id: event.id,
        status: 'succeeded',
        attempts: 1,
        last_status: 200,
        last_response: 'ok',
      });

      // A check-in at the gate is announced too.
      const view = (
        await apiFor(server.app, 'demo').get<{ admissions: { qr: string }[] }>(`tickets/${bought.reservationToken}?lang=en`)
      ).body;
      const scanned = await gateOf(server.app, ctx.db, 'demo')(view.admissions[0]?.qr);
      expect(scanned.status).toBe(200);
      await server.app.webhooks.drain();
      const checkIn = hooks.received.slice(seen + 1).map((r) => JSON.parse(r.body) as WebhookEvent);
      expect(checkIn.map((e) => e.type)).toEqual(['admission.checked_in']);
      expect(checkIn[0]?.data).toMatchObject({ order_id: event.data.order_id, gate: 'east', mode: 'gate' });
    });
    const audits = (await auditSince(ctx.db, before)).filter((a) => a.object_type === 'webhook_endpoint');
    expect(audits.map((a) => a.action)).toEqual(['create', 'disable']);
    expect(JSON.stringify(audits)).not.toContain('whsec_');
  });

  it('announces a refund that succeeded and a date change, in their transactions', async () => {
    const client = await manager(['settings:write', 'orders:write', 'orders:refund']);
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
    await withEndpoint(client, ['order.refunded', 'order.date_changed'], async ({ secret }) => {
      hooks.answer(204);
      const bought = await buyTickets(apiFor(server.app, 'demo'), ctx.db, { quantity: 2 });
      const [order] = await rows<{ id: string; product_id: number }>(
        ctx.db,
        sql`select id, product_id from orders where reservation_number = ${bought.reservationNumber}`,
      );
      const orderId = order?.id as string;
      const seen = hooks.received.length;
      const to = await otherSlot(ctx.db, order?.product_id as number, 5);
      const moved = await client.post(`venues/demo/orders/${orderId}/date-change`, { slot_id: to, reason: 'asked by phone' });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const [ticket] = await rows<{ id: string }>(
        ctx.db,
        sql`select id from tickets where order_id = ${orderId} order by position`,
      );
      const refunded = await client.post(`venues/demo/orders/${orderId}/cancellation`, {
        tickets: [ticket?.id],
        refund: { mode: 'outside', amount: 100 },
        reason: 'paid back at the desk',
      });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      await server.app.webhooks.drain();
      const got = hooks.received.slice(seen);
      expect(got.every((r) => verifySignature(secret, String(r.headers['storefront-signature']), r.body))).toBe(true);
      const events = got.map((r) => JSON.parse(r.body) as WebhookEvent);
      expect(events.map((e) => e.type)).toEqual(['order.date_changed', 'order.refunded']);
      expect(events[0]?.data).toMatchObject({ order_id: orderId, reservation_number: bought.reservationNumber, to: { id: to } });
      expect(events[1]?.data).toMatchObject({ order_id: orderId, amount: 100, method: 'outside' });
    });
  });

  it('in production delivers to no receiver on a non-public address: nothing reaches it and the attempt says why', async () => {
    const client = await manager();
    const production = createWebhookWorker(ctx.db, { publicOnly: true, maxAttempts: 1, intervalMs: 60_000 });
    try {
      await withEndpoint(client, ['order.refunded'], async ({ endpoint }) => {
        hooks.answer(200, 'thanks');
        const seen = hooks.received.length;
        await ctx.db.transaction((tx) =>
          enqueueWebhookEvent(tx as unknown as Database, { venue: demo, type: 'order.refunded', data: { amount: 100 } }),
        );
        expect(await production.drain()).toBe(1);
        expect(hooks.received.length).toBe(seen);
        const [failed] = await deliveriesOf(client, endpoint.id, 'failed');
        expect(failed).toMatchObject({
          status: 'failed',
          attempts: 1,
          last_status: null,
          last_error: '127.0.0.1 is not a public address',
        });
      });
    } finally {
      await production.stop();
    }
  });

  it('in production refuses [::127.0.0.1], loopback written as an IPv4-compatible IPv6 address, at registration and at delivery', async () => {
    await expect(
      createWebhookEndpoint(ctx.db, { httpsOnly: true, publicOnly: true }, SYSTEM_ACTOR, demo, {
        url: 'https://[::127.0.0.1]:4110/',
        description: '',
        events: ['order.completed'],
      }),
    ).rejects.toMatchObject({ body: { field: 'url', message: expect.stringContaining('public address') } });
    // Registered outside production (where local receivers are allowed), then delivered by production's worker.
    const client = await manager();
    const port = new URL(hooks.url).port;
    const created = await client.post<WebhookEndpointWithSecret>('venues/demo/webhooks', {
      url: `http://[::127.0.0.1]:${port}/hooks`,
      events: ['order.refunded'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { endpoint } = created.body;
    const production = createWebhookWorker(ctx.db, { publicOnly: true, maxAttempts: 1, intervalMs: 60_000 });
    try {
      const seen = hooks.received.length;
      await ctx.db.transaction((tx) =>
        enqueueWebhookEvent(tx as unknown as Database, { venue: demo, type: 'order.refunded', data: { amount: 100 } }),
      );
      expect(await production.drain()).toBe(1);
      expect(hooks.received.length).toBe(seen);
      const [failed] = await deliveriesOf(client, endpoint.id, 'failed');
      expect(failed).toMatchObject({ attempts: 1, last_status: null, last_error: '::7f00:1 is not a public address' });
    } finally {
      await production.stop();
      expect((await client.patch(`venues/demo/webhooks/${endpoint.id}`, { active: false })).status).toBe(200);
    }
  });

  it('retries a failing receiver, then marks the delivery failed; a replay sends the event again', async () => {
    const client = await manager();
    await withEndpoint(client, ['order.refunded'], async ({ endpoint, secret }) => {
      hooks.answer(500, 'receiver down');
      const seen = hooks.received.length;
      await ctx.db.transaction((tx) =>
        enqueueWebhookEvent(tx as unknown as Database, { venue: demo, type: 'order.refunded', data: { amount: 100 } }),
      );
      await server.app.webhooks.drain();
      expect(hooks.received.length - seen).toBe(3);
      const [failed] = await deliveriesOf(client, endpoint.id, 'failed');
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: 3,
        last_status: 500,
        last_response: 'receiver down',
        last_error: 'HTTP 500',
      });
      expect(await deliveriesOf(client, endpoint.id, 'pending')).toEqual([]);

      // The receiver is back: a replay is a new delivery of the same event, due now.
      hooks.answer(200, 'back');
      const before = await lastAuditId(ctx.db);
      const replay = await client.post<WebhookDelivery>(`venues/demo/webhook-deliveries/${failed?.id}/replay`);
      expect(replay.status, JSON.stringify(replay.body)).toBe(201);
      expect(replay.body).toMatchObject({ event_id: failed?.event_id, status: 'pending', attempts: 0 });
      await server.app.webhooks.drain();
      const again = hooks.received.at(-1) as Received;
      expect(JSON.parse(again.body).id).toBe(failed?.event_id);
      expect(verifySignature(secret, String(again.headers['storefront-signature']), again.body)).toBe(true);
      const all = await deliveriesOf(client, endpoint.id);
      expect(all.find((d) => d.id === replay.body.id)).toMatchObject({ status: 'succeeded', attempts: 1, last_status: 200 });
      expect(all.find((d) => d.id === failed?.id)?.status).toBe('failed');
      expect((await auditSince(ctx.db, before)).map((a) => a.action)).toEqual(['replay']);

      // A rolled secret signs from now on; the old one no longer verifies.
      const rolled = await client.post<WebhookEndpointWithSecret>(`venues/demo/webhooks/${endpoint.id}/secret`);
      expect(rolled.status).toBe(200);
      expect(rolled.body.secret).not.toBe(secret);
      // A redirect is not followed and counts as a failure.
      hooks.answer(302, '', 'http://127.0.0.1:1/elsewhere');
      await client.post(`venues/demo/webhook-deliveries/${failed?.id}/replay`);
      await server.app.webhooks.drain();
      const redirected = hooks.received.at(-1) as Received;
      expect(verifySignature(rolled.body.secret, String(redirected.headers['storefront-signature']), redirected.body)).toBe(true);
      expect(verifySignature(secret, String(redirected.headers['storefront-signature']), redirected.body)).toBe(false);
      const [newest] = await deliveriesOf(client, endpoint.id);
      expect(newest).toMatchObject({ status: 'failed', last_status: 302, last_error: 'redirects are not followed' });
    });
  });

  it('turns off an endpoint whose last deliveries all failed, as the system, and staff turn it on again', async () => {
    const client = await manager();
    const created = await client.post<WebhookEndpointWithSecret>('venues/demo/webhooks', {
      url: hooks.url,
      events: ['order.refunded'],
      description: 'Flaky CRM',
    });
    const id = created.body.endpoint.id;
    const send = async () => {
      await ctx.db.transaction((tx) =>
        enqueueWebhookEvent(tx as unknown as Database, { venue: demo, type: 'order.refunded', data: { amount: 1 } }),
      );
      await server.app.webhooks.drain();
    };
    const endpointNow = async () =>
      (await client.get<{ endpoints: WebhookEndpoint[] }>('venues/demo/webhooks')).body.endpoints.find((e) => e.id === id);
    try {
      // One success among the failures keeps it on: only failures in a row count.
      hooks.answer(500, 'down');
      for (let n = 0; n < WEBHOOK_DISABLE_AFTER_FAILURES - 1; n++) await send();
      hooks.answer(200, 'ok');
      await send();
      hooks.answer(500, 'down');
      for (let n = 0; n < WEBHOOK_DISABLE_AFTER_FAILURES - 1; n++) await send();
      expect(await endpointNow()).toMatchObject({ active: true, disabled_reason: null });

      const before = await lastAuditId(ctx.db);
      await send();
      expect(await endpointNow()).toMatchObject({ active: false, disabled_reason: 'failing' });
      const entries = await auditSince(ctx.db, before);
      expect(entries.map((entry) => [entry.actor_type, entry.object_type, entry.action])).toEqual([
        ['system', 'webhook_endpoint', 'disable'],
      ]);
      // Turned off, it is sent nothing more.
      const seen = hooks.received.length;
      await send();
      expect(hooks.received.length).toBe(seen);

      // Staff turn it on again: the reason goes, and deliveries flow.
      expect((await client.patch(`venues/demo/webhooks/${id}`, { active: true })).status).toBe(200);
      expect(await endpointNow()).toMatchObject({ active: true, disabled_reason: null });
      hooks.answer(200, 'back');
      await send();
      expect(hooks.received.length).toBe(seen + 1);
    } finally {
      await client.patch(`venues/demo/webhooks/${id}`, { active: false });
    }
  });

  it('deletes finished deliveries past keeping, oldest first, and keeps pending and recent ones whatever their number', async () => {
    const client = await manager();
    await withEndpoint(client, ['order.refunded'], async ({ endpoint }) => {
      const now = new Date();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
      const made = async (status: string, createdAt: string, count = 1) => {
        await ctx.db.execute(
          sql`insert into webhook_deliveries (endpoint_id, event_type, event_id, payload, status, created_at)
              select ${endpoint.id}::uuid, 'order.refunded', gen_random_uuid(), '{}'::jsonb, ${status}, ${createdAt}::timestamptz
              from generate_series(1, ${count})`,
        );
      };
      // More old ones than one statement deletes, so the clean-up runs in batches.
      await made('succeeded', daysAgo(WEBHOOK_DELIVERIES_KEPT_DAYS + 5), 1_500);
      await made('failed', daysAgo(WEBHOOK_DELIVERIES_KEPT_DAYS + 1));
      await made('pending', daysAgo(WEBHOOK_DELIVERIES_KEPT_DAYS + 40));
      await made('succeeded', daysAgo(WEBHOOK_DELIVERIES_KEPT_DAYS - 1));
      await made('failed', daysAgo(1));
      const counts = async () =>
        rows<{ status: string; old: boolean; n: number }>(
          ctx.db,
          sql`select status, created_at < ${daysAgo(WEBHOOK_DELIVERIES_KEPT_DAYS)}::timestamptz as old, count(*)::int as n
              from webhook_deliveries where endpoint_id = ${endpoint.id}::uuid group by 1, 2 order by 1, 2`,
        );
      expect(await pruneWebhookDeliveries(ctx.db, now)).toBeGreaterThanOrEqual(1_501);
      expect(await counts()).toEqual([
        { status: 'failed', old: false, n: 1 },
        { status: 'pending', old: true, n: 1 },
        { status: 'succeeded', old: false, n: 1 },
      ]);
      // Nothing left to delete: a second run (another process) deletes nothing.
      expect(await pruneWebhookDeliveries(ctx.db, now)).toBe(0);
      await ctx.db.execute(sql`delete from webhook_deliveries where endpoint_id = ${endpoint.id}::uuid and status = 'pending'`);
    });
  });

  it('refuses without a session (401), without the right (403), at another venue and for unknown ids (404)', async () => {
    const anonymous = consoleClient(server.app);
    expect((await anonymous.get('venues/demo/webhooks')).status).toBe(401);
    const reader = await manager(['orders:read']);
    expect((await reader.get('venues/demo/webhooks')).status).toBe(403);
    expect((await reader.post('venues/demo/webhooks', { url: hooks.url, events: ['order.completed'] })).status).toBe(403);
    const demoOnly = await manager(['settings:write'], [await siteIdOf(ctx.db, 'demo')]);
    expect((await demoOnly.get('venues/borderless/webhooks')).status).toBe(404);
    expect((await demoOnly.get('venues/demo/webhooks')).status).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await demoOnly.patch(`venues/demo/webhooks/${unknown}`, { active: false })).status).toBe(404);
    expect((await demoOnly.post(`venues/demo/webhooks/${unknown}/secret`)).status).toBe(404);
    expect((await demoOnly.post(`venues/demo/webhook-deliveries/${unknown}/replay`)).status).toBe(404);
    // Another venue's endpoint is not found at this one.
    const owner = await manager();
    const elsewhere = await owner.post<WebhookEndpointWithSecret>('venues/borderless/webhooks', {
      url: hooks.url,
      events: ['order.completed'],
    });
    expect(elsewhere.status).toBe(201);
    expect((await demoOnly.patch(`venues/demo/webhooks/${elsewhere.body.endpoint.id}`, { active: false })).status).toBe(404);
    expect((await owner.patch(`venues/borderless/webhooks/${elsewhere.body.endpoint.id}`, { active: false })).status).toBe(200);
  });

  it('answers bad input with 400 naming the field, and refuses http receivers in production', async () => {
    const client = await manager();
    const bad = async (body: unknown, field: string) => {
      const answer = await client.post<ErrorBody>('venues/demo/webhooks', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.field).toBe(field);
    };
    await bad({ url: 'ftp://example.com/x', events: ['order.completed'] }, 'url');
    await bad({ url: 'https://user:pw@example.com/x', events: ['order.completed'] }, 'url');
    await bad({ url: 'https://example.com/x', events: [] }, 'events');
    await bad({ url: 'https://example.com/x', events: ['order.paid'] }, 'events.0');
    await bad({ url: 'https://example.com/x', events: ['order.completed', 'order.completed'] }, 'events');
    await bad({ events: ['order.completed'] }, 'url');
    const query = await client.get<ErrorBody>('venues/demo/webhook-deliveries?status=lost');
    expect(query.status).toBe(400);
    expect(query.body.field).toBe('status');
    const patch = await client.patch<ErrorBody>('venues/demo/webhooks/00000000-0000-4000-8000-000000000000', { active: 'no' });
    expect(patch.status).toBe(400);
    expect(patch.body.field).toBe('active');
    await expect(
      createWebhookEndpoint(ctx.db, { httpsOnly: true }, SYSTEM_ACTOR, demo, {
        url: 'http://example.com/hook',
        description: '',
        events: ['order.completed'],
      }),
    ).rejects.toMatchObject({ body: { field: 'url' } });
    // Production's receivers are on public addresses: the cloud's metadata service, a private
    // network or the server itself are refused, whatever the scheme.
    for (const url of ['https://169.254.169.254/latest', 'https://10.1.2.3/hook', 'https://localhost:8443/', 'https://[::1]/x']) {
      await expect(
        createWebhookEndpoint(ctx.db, { httpsOnly: true, publicOnly: true }, SYSTEM_ACTOR, demo, {
          url,
          description: '',
          events: ['order.completed'],
        }),
        url,
      ).rejects.toMatchObject({ body: { field: 'url', message: expect.stringContaining('public address') } });
    }
    const created = await createWebhookEndpoint(ctx.db, { httpsOnly: true, publicOnly: true }, SYSTEM_ACTOR, demo, {
      url: 'https://example.com/hook',
      description: '',
      events: ['order.completed'],
    });
    expect(created.endpoint.url).toBe('https://example.com/hook');
    const disabled = await client.patch<WebhookEndpoint>(`venues/demo/webhooks/${created.endpoint.id}`, { active: false });
    expect(disabled.body.active).toBe(false);
  });
});
