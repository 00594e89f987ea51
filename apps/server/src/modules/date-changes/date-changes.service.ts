/**
 * Date change (SPEC §2 change-date routes, §4 change-date flow, §8 time_change errors; decision
 * 008): a visitor moves their own completed ticket to another slot of the same product.
 *
 * - A change holds the new slot's places like a new order (the same conditional update, keyed by
 *   the change's id in stock_holds) until the site's hold time runs out.
 * - Completing is one transaction: the new places are sold, the old slot's sold places go back,
 *   the order moves to the new slot, and every admission is re-issued (a higher generation), so the
 *   QR codes shown before are refused at the gate. The reservation token stays the same and opens
 *   the ticket at its new slot.
 * - A change that expires, fails or is given up changes nothing for the ticket.
 * - The price of the same selection at the new date (coupons re-checked there) plus the site's fee,
 *   against what was paid, is paid through the payments ledger (the change is its payable and
 *   waits meanwhile), or refunded or kept by the site's policy when cheaper.
 *
 * Each operation is its own file; this one composes them for the routes.
 */

import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import type { Access } from '../tickets/order-tickets.ts';
import type { ChangeFee } from '../tickets/tickets-context.ts';
import { cancelDateChange } from './cancel-date-change.ts';
import { changeDateForVisitor, type VisitorChangeDone, type VisitorChangeRequest } from './change-date-for-visitor.ts';
import { confirmDateChange } from './confirm-date-change.ts';
import { createDateChange } from './create-date-change.ts';
import {
  afterCommit,
  type ChangeTokens,
  changeError,
  type DateChangeDeps,
  type DateChangesOptions,
  inTransaction,
} from './date-change-deps.ts';
import { createDateChangePayable } from './date-change-payable.ts';
import { presentDateChange, refusalOf } from './date-change-reads.ts';
import * as repo from './date-changes.repository.ts';
import { describeChangeableTicket } from './describe-changeable-ticket.ts';
import { refundDifference, settleOwedRefunds } from './refund-difference.ts';

/** The fee of a completed change, in minor units, for the admissions it moved. */

export function createDateChangesService(db: Database, orders: DateChangeDeps['orders'], options: DateChangesOptions = {}) {
  const deps: DateChangeDeps = { orders, options };
  return {
    /** What the payments ledger pays for when a change costs more. */
    payable: createDateChangePayable(db, deps),

    /** Asks again for refunds owed by changes completed just before a process stopped. */
    settleOwedRefunds: (olderThanSeconds = 60) => settleOwedRefunds(db, deps, olderThanSeconds),

    /**
     * The fees of an order's completed changes, oldest first (for its receipt). A change's fee is
     * always the visitor's: paid on top, or taken from a cheaper price's difference, so the order's
     * total after a change leaves it out.
     */
    async completedChangeFees(orderId: string): Promise<ChangeFee[]> {
      const changes = await repo.listCompleted(db, orderId);
      return changes.filter((change) => change.fee > 0).map((change) => ({ quantity: change.quantity, fee: change.fee }));
    },

    /** Whether the holder may change the date of the ticket `access` opens now (the ticket page's button). */
    async isChangeable(site: Site, access: Access, now = clock.now()): Promise<boolean> {
      return (await refusalOf(db, deps, site, access, now)) === null;
    },

    ticket: (site: Site, reservationToken: string, lang: LanguageCode, now = clock.now()) =>
      describeChangeableTicket(db, deps, site, reservationToken, lang, now),

    create: (site: Site, reservationToken: string, body: Parameters<typeof createDateChange>[4], now = clock.now()) =>
      createDateChange(db, deps, site, reservationToken, body, now),

    /** `GET timechanges/{timechangeToken}`. */
    get: (site: Site, timechangeToken: string, lang: LanguageCode) =>
      inTransaction(db, async (tx) => {
        const change = await repo.findByToken(tx, site.id, hashToken(timechangeToken));
        if (!change) throw changeError('record not found', { timechangeToken });
        return presentDateChange(tx, deps, site, change, lang);
      }),

    cancel: (site: Site, timechangeToken: string) => cancelDateChange(db, deps, site, timechangeToken),

    confirm: (site: Site, tokens: Required<ChangeTokens>) => confirmDateChange(db, deps, site, tokens),

    /** Staff move a ticket on the visitor's behalf, in the caller's transaction (which audits it). */
    changeForVisitor: (tx: Database, site: Site, request: VisitorChangeRequest, now = clock.now()) =>
      changeDateForVisitor(tx, deps, site, request, now),

    /** After that transaction commits: availability, the mail, and a cheaper slot's refund by the site's policy. */
    async afterVisitorChange(done: VisitorChangeDone) {
      afterCommit(deps, done);
      return done.change.toRefund > 0 ? refundDifference(db, deps, done.change) : null;
    },
  };
}

export type DateChangesService = ReturnType<typeof createDateChangesService>;
