/** What the staff module's console routes need besides the database. */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { StaffMailer } from './staff-links.ts';
import type { RelyingParty } from './staff-passkeys.ts';
import type { ClientInfo } from './staff-sessions.ts';

export type StaffContext = {
  db: Database;
  sites: SitesService;
  mailer: StaffMailer;
  /** Where passkeys are bound: read per request, from the public address. */
  relyingParty: () => RelyingParty;
};

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}
