import type { CompletedDateChange } from '@storefront/domain/api/date-changes';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { completeDateChange } from './complete-date-change.ts';
import { afterCommit, type ChangeTokens, changeError, type DateChangeDeps, inTransaction } from './date-change-deps.ts';
import { lockedChange } from './date-change-reads.ts';
import { expireDateChange } from './expire-date-change.ts';
import { refundDifference } from './refund-difference.ts';

/**
 * `POST timechanges/{timechangeToken}/confirm`: completes a change with nothing to pay. A cheaper
 * change's difference is refunded after the commit (decision 008), through the refund the date
 * changes were given at construction.
 */
export async function confirmDateChange(
  db: Database,
  deps: DateChangeDeps,
  site: Site,
  tokens: Required<ChangeTokens>,
): Promise<CompletedDateChange> {
  const outcome = await inTransaction(db, async (tx) => {
    const change = await lockedChange(tx, site, tokens);
    if (change.status !== 'pending') throw changeError('time change status is not pending', tokens);
    if (change.toPay > 0)
      throw changeError('invalid request', tokens, {
        field: 'payment_method',
        message: `a payment of ${change.toPay} is due: pay it through checkout`,
      });
    if (change.isLapsed) {
      await expireDateChange(tx, change);
      return { kind: 'expired' as const };
    }
    const result = await completeDateChange(tx, deps, site, change, false);
    if (result.kind === 'no_places') {
      await expireDateChange(tx, change);
      return { kind: 'expired' as const };
    }
    if (result.kind === 'stale') throw changeError('cannot change ticket', tokens);
    return { ...result, change };
  });
  if (outcome.kind === 'expired') {
    deps.options.onStockChanged?.();
    throw changeError('time change expired', tokens);
  }
  afterCommit(deps, outcome);
  const refund = outcome.change.toRefund > 0 ? await refundDifference(db, deps, outcome.change) : null;
  return { status: 'completed', reservation_number: outcome.reservationNumber, total: outcome.total, refund };
}
