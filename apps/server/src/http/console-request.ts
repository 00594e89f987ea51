/**
 * What a console route reads off its request once the console plugin (`staff/console-api.plugin.ts`)
 * has let it through: the signed-in caller, their language and the route's venue. Every module's
 * console routes use these, so they live below the modules; the plugin that sets them is staff's.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../modules/audit/record-audit.ts';
import type { Site } from '../modules/sites/site.ts';
import type { GateDeviceRow } from '../modules/staff/gate-devices.ts';
import type { StaffAccount } from '../modules/staff/staff.repository.ts';
import type { StaffAccess } from '../modules/staff/staff-access.ts';
import type { StaffSession } from '../modules/staff/staff-sessions.ts';
import { specError } from './errors.ts';

export type ConsoleAuth = {
  session: StaffSession;
  account: StaffAccount;
  access: StaffAccess;
  actor: Actor;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, if any; set for every console route. */
    consoleAuth: ConsoleAuth | null;
    /** The gate device calling a route that lets devices in, with its token; null for a staff member. */
    gateDevice: GateDeviceRow | null;
    /** The venue of a venue route (`:venue`), once the caller is known to see it. */
    venue: Site | null;
  }
}

/** The signed-in caller of a route that declared a session; the plugin has already refused anyone else. */
export function authOf(request: FastifyRequest): ConsoleAuth {
  if (!request.consoleAuth) throw specError('not signed in', { message: 'sign in to the console first' });
  return request.consoleAuth;
}

/** The signed-in member's own language (`staff_accounts.language`), Japanese if it is none of the six. */
export function memberLanguageOf(request: FastifyRequest): LanguageCode {
  const language = authOf(request).account.language;
  return (LANGUAGE_CODES as readonly string[]).includes(language) ? (language as LanguageCode) : DEFAULT_LANGUAGE;
}

/** The venue of a venue route. */
export function venueOf(request: FastifyRequest): Site {
  if (!request.venue) throw specError('not found', { message: 'there is no such venue' });
  return request.venue;
}
