/**
 * Gate devices for tests: a device paired to a venue (its row made straight in the database, as a
 * pairing would leave it) and a client that calls the scanner's routes with its token, as the gate
 * app does (the XSRF pair on every state-changing call).
 */
import type { GateResult, ScanBody } from '@storefront/domain/console/gate';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { clock } from '../src/lib/clock.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import { SYSTEM_ACTOR } from '../src/modules/audit/record-audit.ts';
import { admit, namedByCode, refused } from '../src/modules/checkin/gate-check-in.ts';
import type { Site } from '../src/modules/sites/site.ts';
import { gateDevices } from '../src/modules/staff/staff.schema.ts';
import { createKeyCache } from '../src/modules/tickets/ticket-signing.ts';
import { siteIdOf } from './console-staff.ts';

const XSRF = 'gate-test-xsrf-token';

export function deviceClient(app: FastifyInstance, venue: string, token: string | null) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}` };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET') headers['x-xsrf-token'] = XSRF;
    const response = await app.inject({
      method,
      url: `/console/api/v1/venues/${venue}/gate/${path}`,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  }
  return {
    get: <T = Record<string, unknown>>(path: string) => call<T>('GET', path),
    post: <T = Record<string, unknown>>(path: string, body: unknown) => call<T>('POST', path, body),
    /** Scans a code (or an admission) at the device's gate. */
    scan: (code: string, extra: Omit<ScanBody, 'code'> = {}) => call<GateResult>('POST', 'scans', { code, ...extra }),
  };
}
export type DeviceClient = ReturnType<typeof deviceClient>;

/** A device paired to the venue at this gate, and a client calling with its token. */
export async function pairedDevice(
  app: FastifyInstance,
  db: Database,
  venue: string,
  options: { name?: string; gate?: string } = {},
) {
  const token = newToken();
  const [device] = await db
    .insert(gateDevices)
    .values({
      siteId: await siteIdOf(db, venue),
      name: options.name ?? 'Test tablet',
      gate: options.gate ?? 'east',
      tokenHash: hashToken(token),
      pairedAt: clock.now(),
    })
    .returning();
  if (!device) throw new Error('the device was not written');
  return { token, device, client: deviceClient(app, venue, token) };
}

/** Scans codes at a venue from a device paired for it on first use (tests that need a gate, not a device). */
export function gateOf(app: FastifyInstance, db: Database, venue: string, gate = 'east') {
  let paired: Promise<DeviceClient> | null = null;
  return (code: string | null | undefined, extra: Omit<ScanBody, 'code'> = {}) => {
    paired ??= pairedDevice(app, db, venue, { gate }).then((p) => p.client);
    return paired.then((client) => client.scan(code ?? '', extra));
  };
}

/** Scans a code at a chosen moment, as a gate would then (tests of entry windows). */
export async function scanAt(db: Database, site: Site, code: string, at: Date): Promise<GateResult> {
  const named = await namedByCode(createKeyCache(db), site, code);
  if (typeof named === 'string') return refused(named);
  const scanner = { actor: SYSTEM_ACTOR, deviceId: null, staffId: null, gate: 'east' };
  const { result } = await db.transaction((tx) =>
    admit(tx as unknown as Database, site, scanner, { named, mode: 'gate', lang: 'en', at, offline: false }),
  );
  return result;
}
