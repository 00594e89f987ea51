/**
 * The lock's count of answers to an account's sign-in questions (passwords, authenticator codes,
 * recovery codes, passkeys, the password again inside a session). An answer is counted before it
 * is checked, by one conditional statement on the account's row: however many answers arrive at
 * once, on however many server processes, at most five are ever checked before the account locks,
 * and an answer that arrives once five are counted is refused unchecked, right or wrong.
 *
 * A right answer then settles its count: a finished sign-in clears it (and the lock it may have
 * set), an answer that is only a step (the password before the second factor) gives its count
 * back, and a wrong one stays counted and is written to the audit log.
 */

import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { StaffAccount } from './staff.repository.ts';
import { staffAccounts } from './staff.schema.ts';
import type { ClientInfo } from './staff-sessions.ts';

export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

/** An answer counted towards the lock; `locked` when it was the fifth, which locked the account. */
export type CountedAnswer = { staffId: number; locked: boolean };

/**
 * Counts one answer before it is checked; null when the account is locked, and then the answer
 * must not be checked at all. Outside any transaction: the count must stand whatever follows.
 */
export async function countAnswer(db: Database, staffId: number): Promise<CountedAnswer | null> {
  const reaches = sql`${staffAccounts.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS}`;
  const [row] = await db
    .update(staffAccounts)
    .set({
      // The fifth answer locks the account and starts the count afresh for when the lock ends.
      failedSignIns: sql`case when ${reaches} then 0 else ${staffAccounts.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${reaches} then app_now() + make_interval(mins => ${LOCK_MINUTES}) else ${staffAccounts.lockedUntil} end`,
    })
    .where(
      and(eq(staffAccounts.id, staffId), or(isNull(staffAccounts.lockedUntil), lte(staffAccounts.lockedUntil, sql`app_now()`))),
    )
    .returning({ failedSignIns: staffAccounts.failedSignIns });
  return row ? { staffId, locked: row.failedSignIns === 0 } : null;
}

/** A counted answer that was wrong: it stays counted, and the audit log says so. */
export async function recordWrongAnswer(
  db: Database,
  account: StaffAccount,
  answer: CountedAnswer,
  client: ClientInfo,
  factor: string,
): Promise<void> {
  await recordAudit(
    db,
    { type: 'staff', id: account.id, label: account.email, clientIp: client.ip },
    {
      objectType: 'staff',
      objectId: account.id,
      action: answer.locked ? 'sign_in_locked' : 'sign_in_failed',
      changes: { factor },
    },
  );
}

/**
 * A counted answer that was right but finished nothing: the password before the second factor,
 * or inside a session. Its count goes back, and the lock with it if this answer set it; a lock
 * another answer set stays.
 */
export async function giveBackAnswer(db: Database, answer: CountedAnswer): Promise<void> {
  await db
    .update(staffAccounts)
    .set(
      answer.locked
        ? { failedSignIns: MAX_FAILED_SIGN_INS - 1, lockedUntil: null }
        : { failedSignIns: sql`greatest(${staffAccounts.failedSignIns} - 1, 0)` },
    )
    .where(eq(staffAccounts.id, answer.staffId));
}

/** A finished sign-in: the count and any lock are cleared. In the sign-in's transaction. */
export async function clearAnswers(tx: Database, staffId: number): Promise<void> {
  await tx
    .update(staffAccounts)
    .set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: clock.now() })
    .where(eq(staffAccounts.id, staffId));
}
