/**
 * Sharing part of a party (SPEC §7 ticket share routes): admissions split off into a share link,
 * shown to whoever holds the link, and claimed by them with a reservation token of their own.
 */

import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { entryWindowOf } from './entry-window.ts';
import { addAccessToken, listAdmissions } from './order-tickets.ts';
import { recordRevocations } from './revocations.ts';
import * as repo from './tickets.repository.ts';
import { ticketShares } from './tickets.schema.ts';
import { inTransaction, requireAccess, requireOrder, type TicketsContext } from './tickets-context.ts';

/** Moves admissions into a new share; their earlier QR payloads stop working. Gives the share's token. */
export async function splitOff(tx: Database, orderId: string, ticketIds: string[]): Promise<string> {
  const shareToken = newToken();
  const [share] = await tx
    .insert(ticketShares)
    .values({ orderId, tokenHash: hashToken(shareToken), quantity: ticketIds.length })
    .returning();
  if (!share) throw new Error('the share was not written');
  const moved = await repo.bumpGenerations(tx, ticketIds, { shareId: share.id });
  // Another request shared some of these admissions meanwhile: a conflict, not a bad request.
  if (moved.length !== ticketIds.length) throw specError('parent ticket has not more than one child ticket', { status: 409 });
  await recordRevocations(tx, moved, orderId, 'shared');
  return shareToken;
}
/**
 * Splits admissions off the holder's party into a share link. The holder's copies of them stop
 * working at once (their QR payloads are re-issued under the share).
 */
export function shareTickets(
  db: Database,
  site: Site,
  token: string,
  body: { option_values: { option_value_id: number; quantity: number }[] },
) {
  if (body.option_values.some((v) => v.quantity < 1)) throw specError('option value less than 1');
  const wanted = new Map<number, number>();
  for (const value of body.option_values)
    wanted.set(value.option_value_id, (wanted.get(value.option_value_id) ?? 0) + value.quantity);
  return inTransaction(db, async (tx) => {
    const access = await requireAccess(tx, site, token);
    if (access.shareId !== null)
      throw specError('record not found', { message: 'only the reservation holder can share tickets' });
    const available = (await listAdmissions(tx, access, { lock: true })).filter((a) => a.status === 'valid');
    if (available.length <= 1) throw specError('parent ticket has not more than one child ticket');
    const chosen: string[] = [];
    for (const [optionId, quantity] of wanted) {
      // The last admissions of the type go; the holder keeps the first ones.
      const ofOption = available.filter((a) => a.optionId === optionId);
      if (ofOption.length < quantity) {
        throw invalidField('option_values', `asks for ${quantity} of option ${optionId} but ${ofOption.length} can be shared`);
      }
      chosen.push(...ofOption.slice(-quantity).map((a) => a.id));
    }
    if (chosen.length >= available.length) throw invalidField('option_values', 'must leave at least one ticket with the holder');
    return { share_token: await splitOff(tx, access.order.id, chosen), quantity: chosen.length };
  });
}

export async function showShare(db: Database, ctx: TicketsContext, site: Site, shareToken: string, lang: LanguageCode) {
  const found = await repo.findShare(db, site.id, hashToken(shareToken));
  if (!found) throw specError('record not found', { message: 'there is no share with this token' });
  const order = await requireOrder(ctx, site, found.order.id, lang);
  const window = await entryWindowOf(db, site, found.order.timeSpanId);
  const admissions = await repo.shareAdmissions(db, found.share.id);
  const byOption = new Map<string, number>();
  for (const a of admissions) {
    const name = localize(a.optionName, lang);
    byOption.set(name, (byOption.get(name) ?? 0) + 1);
  }
  return {
    product: { name: order.mainProduct.name },
    date: window.date,
    reservationFrom: order.mainProduct.reservationFrom,
    reservationTo: order.mainProduct.reservationTo,
    isAllDay: window.isAllDay,
    quantity: found.share.quantity,
    options: [...byOption].map(([name, quantity]) => ({ name, quantity })),
    isClaimed: found.share.claimedAt !== null,
  };
}

/** The receiver takes the share: they get a reservation token of their own, the link stops working. */
export function claimShare(db: Database, site: Site, shareToken: string): Promise<{ reservation_token: string }> {
  return inTransaction(db, async (tx) => {
    const found = await repo.findShare(tx, site.id, hashToken(shareToken), { lock: true });
    if (!found) throw specError('record not found', { message: 'there is no share with this token' });
    if (found.share.claimedAt !== null)
      throw specError('record not found', { message: 'these tickets have already been received' });
    const reservationToken = newToken();
    await tx.update(ticketShares).set({ claimedAt: clock.now() }).where(eq(ticketShares.id, found.share.id));
    await addAccessToken(tx, {
      tokenHash: hashToken(reservationToken),
      orderId: found.order.id,
      shareId: found.share.id,
      source: 'share',
    });
    // Whoever saw the payloads before the claim (the sharer) cannot use them.
    const admissions = await repo.shareAdmissions(tx, found.share.id);
    const revoked = await repo.bumpGenerations(
      tx,
      admissions.map((a) => a.ticket.id),
    );
    await recordRevocations(tx, revoked, found.order.id, 'shared');
    return { reservation_token: reservationToken };
  });
}
