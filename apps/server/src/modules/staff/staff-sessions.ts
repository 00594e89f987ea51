/**
 * Console sessions, kept in the database so any number of server processes share them: the cookie
 * holds a 128-bit secret, the table its SHA-256. A session lasts 30 minutes without a request and
 * 12 hours at most; it gets a new secret whenever it gains a stage (a factor proved) or the staff
 * member's rights change, so a secret seen before a privilege change is worth nothing after it.
 */

import type { SessionStage } from '@storefront/domain/console/auth';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type StaffAccount, teamGrantsJson } from './staff.repository.ts';
import { staffAccounts, staffSessions } from './staff.schema.ts';
import type { TeamGrant } from './staff-access.ts';

export const IDLE_TIMEOUT_MINUTES = 30;
const ABSOLUTE_LIFETIME_HOURS = 12;
/** A session waiting for its second factor or an enrolment does not wait long. */
const UNFINISHED_SIGN_IN_MINUTES = 15;
/** `last_seen_at` is written at most this often, not on every request. */
const TOUCH_AFTER_SECONDS = 60;

export type StaffSession = typeof staffSessions.$inferSelect;
export type ClientInfo = { ip: string | null; userAgent: string | null };

export function sessionCookieName(secure: boolean): string {
  // `__Host-` binds the cookie to this host, path / and HTTPS: no subdomain can set or read it.
  return secure ? '__Host-console_session' : 'console_session';
}

export function sessionCookie(secure: boolean, token: string | null): string {
  const name = sessionCookieName(secure);
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return token === null ? `${name}=; ${attributes}; Max-Age=0` : `${name}=${token}; ${attributes}`;
}

function lifetimeOf(stage: SessionStage): number {
  return stage === 'signed_in' ? ABSOLUTE_LIFETIME_HOURS * 3_600_000 : UNFINISHED_SIGN_IN_MINUTES * 60_000;
}

/** Opens a session and returns the secret for the cookie. */
export async function openSession(
  db: Database,
  account: StaffAccount,
  stage: SessionStage,
  client: ClientInfo,
): Promise<{ token: string; session: StaffSession }> {
  const token = newToken();
  const [session] = await db
    .insert(staffSessions)
    .values({
      tokenHash: hashToken(token),
      staffId: account.id,
      stage,
      rightsVersion: account.rightsVersion,
      expiresAt: new Date(clock.nowMs() + lifetimeOf(stage)),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      clientIp: client.ip,
    })
    .returning();
  if (!session) throw new Error('the session was not stored');
  return { token, session };
}

/**
 * The session to a cookie's secret with its account, if it is live: not revoked, not past its
 * lifetime, not idle too long, and its account active.
 */
export async function findLiveSession(
  db: Database,
  token: string,
): Promise<{ session: StaffSession; account: StaffAccount; teams: TeamGrant[] } | null> {
  // One statement for every console call: the session, its account, and the account's teams with their venues.
  const teams = teamGrantsJson(staffAccounts.id);
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts, teams })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`app_now()`),
        gt(staffSessions.lastSeenAt, sql`app_now() - make_interval(mins => ${IDLE_TIMEOUT_MINUTES})`),
        eq(staffAccounts.status, 'active'),
      ),
    );
  return row ?? null;
}

/** Records activity (at most once a minute), so the idle timeout runs from the last request. */
export async function touchSession(db: Database, session: StaffSession): Promise<Date> {
  if (clock.nowMs() - session.lastSeenAt.getTime() < TOUCH_AFTER_SECONDS * 1000) return session.lastSeenAt;
  const now = clock.now();
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id));
  return now;
}

/**
 * Gives the session a new secret (and a new stage or rights version): the old secret stops working
 * at once. A session reaching `signed_in` starts its 12-hour lifetime then. Null when the secret
 * this request read it with is no longer its secret, or it ended: another request came first.
 */
export async function rotateSessionIfCurrent(
  db: Database,
  session: StaffSession,
  change: { stage?: SessionStage; rightsVersion?: number },
): Promise<{ token: string; session: StaffSession } | null> {
  const token = newToken();
  const stage = change.stage ?? session.stage;
  const [rotated] = await db
    .update(staffSessions)
    .set({
      tokenHash: hashToken(token),
      stage,
      rightsVersion: change.rightsVersion ?? session.rightsVersion,
      lastSeenAt: clock.now(),
      ...(stage !== session.stage ? { expiresAt: new Date(clock.nowMs() + lifetimeOf(stage)) } : {}),
    })
    .where(and(eq(staffSessions.id, session.id), eq(staffSessions.tokenHash, session.tokenHash), isNull(staffSessions.revokedAt)))
    .returning();
  return rotated ? { token, session: rotated } : null;
}

/** As `rotateSessionIfCurrent`, for a step that holds the session alone (a sign-in step, an enrolment). */
export async function rotateSession(
  db: Database,
  session: StaffSession,
  change: { stage?: SessionStage; rightsVersion?: number },
): Promise<{ token: string; session: StaffSession }> {
  const rotated = await rotateSessionIfCurrent(db, session, change);
  // Two sign-in steps at once for one session (two recovery codes, say): the second is refused.
  if (!rotated) throw specError('not signed in', { message: 'this sign-in was finished or ended meanwhile: sign in again' });
  return rotated;
}

/** A session by its id, if it is live (as `findLiveSession`, without the secret). */
export async function findLiveSessionById(db: Database, id: string): Promise<StaffSession | null> {
  const [row] = await db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.id, id),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`app_now()`),
        gt(staffSessions.lastSeenAt, sql`app_now() - make_interval(mins => ${IDLE_TIMEOUT_MINUTES})`),
      ),
    );
  return row ?? null;
}

export async function revokeSession(db: Database, staffId: number, sessionId: string): Promise<boolean> {
  const revoked = await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return revoked.length > 0;
}

/** Ends every session of a staff member, but one they keep (the one changing their password). */
export async function revokeAllSessions(db: Database, staffId: number, except?: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(
      and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), ...(except ? [ne(staffSessions.id, except)] : [])),
    );
}

/** The live sessions of a staff member, newest first. */
export async function liveSessionsOf(db: Database, staffId: number): Promise<StaffSession[]> {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`app_now()`),
        gt(staffSessions.lastSeenAt, sql`app_now() - make_interval(mins => ${IDLE_TIMEOUT_MINUTES})`),
      ),
    )
    .orderBy(sql`${staffSessions.lastSeenAt} desc`);
}
