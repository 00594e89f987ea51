/**
 * What a console route reads off its request once the console plugin (`console-api.plugin.ts`)
 * has let it through: the signed-in caller and their language (the route's venue is
 * `sites/venue-request.ts`). Every module's console routes use these, so the staff module imports
 * nothing above the venue, the audit log and the staff's own tables.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import type { FastifyRequest } from 'fastify';
import { specError } from '../../http/errors.ts';
import type { Actor } from '../audit/record-audit.ts';
import type { GateDeviceRow } from './gate-devices.ts';
import type { StaffAccount } from './staff.repository.ts';
import type { StaffAccess } from './staff-access.ts';
import type { StaffSession } from './staff-sessions.ts';

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
