/**
 * The console's API (`/console/api/v1`): every route declares who may call it in its
 * `config.console`, and this plugin checks it before anything else runs — a session (401), then
 * the venue (404 when the staff member holds no right there, as if it did not exist), then the
 * right (403). Body and query are validated only after that, so nobody learns a route's contract
 * without the right to call it. A route without a declaration is refused when the server starts.
 */
import type { SessionStage } from '@storefront/domain/console/auth';
import type { Right } from '@storefront/domain/console/rights';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { readCookie } from '../../http/cookies.ts';
import { specError } from '../../http/errors.ts';
import type { Actor } from '../audit/record-audit.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { authOf, type ConsoleAuth } from './console-request.ts';
import { deviceActor, findDeviceByToken, type GateDeviceRow } from './gate-devices.ts';
import { hasSecondFactor, secondFactorsOf } from './staff.repository.ts';
import { accessOf, rightsAt, seesVenue } from './staff-access.ts';
import {
  findLiveSession,
  findLiveSessionById,
  rotateSessionIfCurrent,
  sessionCookie,
  sessionCookieName,
  touchSession,
} from './staff-sessions.ts';

/** Who may call a console route. */
type ConsoleAccess =
  /** Anyone: signing in, accepting an invitation, resetting a password. */
  | { public: true }
  /** A session at one of these stages (signing in, enrolling a second factor). */
  | { stages: SessionStage[] }
  /** Any signed-in staff member, for their own account. */
  | { signedIn: true }
  /** A right held at every venue (staff, teams, creating venues). */
  | { right: Right; scope: 'organisation' }
  /**
   * A right held at the venue named by the route's `:venue` (its code). With `devices`, a gate
   * device paired to that venue may call it too, with its token instead of a session (decision 021).
   */
  | { right: Right; scope: 'venue'; devices?: true }
  /** Any right at the venue named by `:venue`: its home page. */
  | { right: 'any'; scope: 'venue' };

export type ConsoleRoute = { method: string; url: string; access: ConsoleAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    console?: ConsoleAccess;
  }
  interface FastifyReply {
    /** Sets (or, with null, clears) the console session cookie. */
    setConsoleSession(token: string | null): void;
  }
  interface FastifyInstance {
    /** Every console route and who may call it (the rights walk in the tests reads it); the root app holds the list. */
    consoleRoutes: ConsoleRoute[];
    /**
     * The console API's routes, added by each module's plugin and registered together after every
     * module's (app.ts): built then, a module's routes may use what a later module's plugin provides.
     */
    consoleApiRoutes: FastifyPluginAsync[];
  }
}

/** Who calls a route that lets gate devices in: the device, or the signed-in staff member. */
export function scannerOf(request: FastifyRequest): { actor: Actor; device: GateDeviceRow | null; staffId: number | null } {
  if (request.gateDevice)
    return { actor: deviceActor(request.gateDevice, request.ip), device: request.gateDevice, staffId: null };
  const auth = authOf(request);
  return { actor: auth.actor, device: null, staffId: auth.account.id };
}

export type ConsoleApiOptions = { db: Database; sites: SitesService; secureCookies: boolean };

export const consoleApi =
  (options: ConsoleApiOptions, routes: FastifyPluginAsync[]): FastifyPluginAsync =>
  async (app) => {
    const { db, sites, secureCookies } = options;
    const cookieName = sessionCookieName(secureCookies);
    app.decorateRequest('consoleAuth', null);
    app.decorateRequest('venue', null);
    app.decorateRequest('gateDevice', null);
    app.decorateReply('setConsoleSession', function (this: FastifyReply, token: string | null) {
      this.header('set-cookie', sessionCookie(secureCookies, token));
    });

    app.addHook('onRoute', (route) => {
      const access = route.config?.console;
      if (!access) throw new Error(`console route ${route.method} ${route.url} does not declare who may call it`);
      if ('scope' in access && access.scope === 'venue' && !route.url.includes(':venue')) {
        throw new Error(`venue route ${route.method} ${route.url} has no :venue parameter`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.consoleRoutes.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      // Decided on the route the router matched and its decoded `:venue`, never on the address as
      // written: `/console/%61pi/v1/…` is the same route and gets the same checks.
      const access = request.routeOptions.config.console;
      if (!access) return; // Fastify's own 404 handler
      const bearer = deviceToken(request);
      if ('devices' in access && access.devices && bearer !== null) {
        // A device's token is its only credential here: a session cookie beside it is not read.
        const device = await findDeviceByToken(db, bearer);
        if (!device) throw specError('not signed in', { message: 'this device is not paired or was revoked: pair it again' });
        const code = (request.params as { venue?: string }).venue ?? '';
        const venue = (await sites.list()).find((site) => site.code === code);
        if (!venue || venue.id !== device.siteId) throw specError('not found', { message: `there is no venue "${code}"` });
        request.gateDevice = device;
        request.venue = venue;
        return;
      }
      request.consoleAuth = await authenticate(request, reply);
      if ('public' in access) return;
      const auth = request.consoleAuth;
      if (!auth) throw specError('not signed in', { message: 'sign in to the console first' });
      if ('stages' in access) {
        if (!access.stages.includes(auth.session.stage)) throw unfinished(auth.session.stage);
        return;
      }
      if (auth.session.stage !== 'signed_in') throw unfinished(auth.session.stage);
      if ('signedIn' in access) return;
      if (access.scope === 'organisation') {
        if (!auth.access.everywhere.has(access.right)) throw lacking(access.right, 'at every venue');
        return;
      }
      const code = (request.params as { venue?: string }).venue ?? '';
      const venue = (await sites.list()).find((site) => site.code === code);
      if (!venue || !seesVenue(auth.access, venue.id)) {
        throw specError('not found', { message: `there is no venue "${code}"` });
      }
      if (access.right !== 'any' && !rightsAt(auth.access, venue.id).has(access.right)) {
        throw lacking(access.right, `at ${venue.code}`);
      }
      request.venue = venue;
    });

    /** The caller's session, rotated first if their rights changed since it was made. */
    async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<ConsoleAuth | null> {
      const token = readCookie(request.headers.cookie, cookieName);
      if (!token) return null;
      const found = await findLiveSession(db, token);
      if (!found) return null;
      let { session } = found;
      const { account } = found;
      const access = accessOf(account.isOwner, found.teams);
      if (session.rightsVersion !== account.rightsVersion) {
        // A team that now requires two factors sends a member without one to enrolment; one that
        // no longer does lets a member waiting to enrol in, as signing in again would.
        const mustEnrol =
          session.stage === 'signed_in' && access.requiresTwoFactor && !hasSecondFactor(await secondFactorsOf(db, account));
        const mayEnter = session.stage === 'enrolment' && !access.requiresTwoFactor;
        const stage = mustEnrol ? ('enrolment' as const) : mayEnter ? ('signed_in' as const) : undefined;
        const rotated = await rotateSessionIfCurrent(db, session, {
          rightsVersion: account.rightsVersion,
          ...(stage ? { stage } : {}),
        });
        if (rotated) {
          session = rotated.session;
          reply.setConsoleSession(rotated.token);
        } else {
          // Another request the browser sent with the same secret at the same moment rotated it
          // first, and its answer carries the new secret. This one was sent before that answer
          // came: it is served as the session now stands, and gives out no secret of its own.
          const current = await findLiveSessionById(db, session.id);
          if (!current) return null;
          session = current;
        }
      } else {
        session = { ...session, lastSeenAt: await touchSession(db, session) };
      }
      const actor: Actor = { type: 'staff', id: account.id, label: account.email, clientIp: request.ip };
      return { session, account, access, actor };
    }

    for (const register of routes) await app.register(register);
  };

/** The token of `Authorization: Bearer <token>`, if the request carries one of the right form. */
function deviceToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([\w-]{16,64})$/.exec(header.trim());
  return match?.[1] ?? null;
}

function unfinished(stage: SessionStage) {
  return specError('not signed in', {
    message:
      stage === 'second_factor'
        ? 'finish signing in with your second factor first'
        : 'set up a second factor first: your team requires two factors',
  });
}

function lacking(right: Right, where: string) {
  return specError('forbidden', { message: `this needs the right ${right} ${where}` });
}
