/**
 * A visitor joins a sold-out slot's waiting list: the choice checked as an order would be (and
 * refused while the slot has the places), one place in the list per address, and a mail saying
 * where they stand with the link that takes them off it.
 */
import type { JoinWaitingListBody, WaitingListEntryReply } from '@storefront/domain/api/waiting-list';
import { email as emailRule } from '@storefront/domain/customer/validation';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './waiting-list.repository.ts';
import { inTransaction, slotForMail, type WaitingListDeps } from './waiting-list-deps.ts';

export async function joinWaitingList(
  db: Database,
  deps: WaitingListDeps,
  site: Site,
  body: JoinWaitingListBody,
  clientIp: string,
): Promise<WaitingListEntryReply> {
  await enforceRateLimits(db, [{ key: `waiting-list:ip:${clientIp}`, max: 10, windowSeconds: 600 }]);
  if (emailRule(body.email)) throw specError('invalid email address');
  const choice = {
    productUuid: body.product_uuid,
    timeSpanId: body.time_span_id,
    quantity: body.quantity,
    optionValues: body.option_values,
    lang: body.lang,
  };
  const { productId } = await deps.orders.checkWaitingListChoice(site, choice);
  if ((await repo.offerMinutesOf(db, productId)) === null)
    throw specError('ticket not on sale now', { message: 'this product has no waiting list' });
  const leaveToken = newToken();
  const reply = await inTransaction(db, async (tx) => {
    const entry = await repo.insertEntry(tx, {
      siteId: site.id,
      productId,
      timeSpanId: body.time_span_id,
      quantity: body.quantity,
      optionValues: body.option_values.filter((value) => value.quantity > 0),
      email: body.email,
      lang: body.lang,
      leaveTokenHash: hashToken(leaveToken),
    });
    if (!entry) throw specError('conflict', { message: 'this address is already on the waiting list of this slot' });
    const position = await repo.positionOf(tx, entry);
    await deps.enqueueMail(tx, {
      kind: 'waiting_list_joined',
      site,
      email: body.email,
      lang: body.lang,
      quantity: body.quantity,
      leaveToken,
      position,
      ...(await slotForMail(tx, site, entry)),
    });
    return { status: 'waiting' as const, position };
  });
  deps.onMailQueued();
  // The slot now owes the list these places: what the public sees of it is out of date.
  deps.orders.stockChanged();
  return reply;
}
