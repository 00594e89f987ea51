/**
 * Sends the holder's remaining tickets to another address (SPEC §7 `POST tickets/{token}/send`).
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { email as emailRule } from '@storefront/domain/customer/validation';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { findSlot } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import { listAdmissions } from './order-tickets.ts';
import { splitOff } from './share-tickets.ts';
import { inTransaction, requireAccess, requireOrder, type TicketsContext } from './tickets-context.ts';

/**
 * Sends the holder's remaining tickets to another address: they move into a share (as `share`
 * does, the holder's copies stop working) and the mail carries the share link, never the
 * holder's own link, so the friend gets the tickets but not the booking (no date change, receipt
 * or further sharing). The mail names the holder as the sender.
 */
export async function sendTickets(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  body: { email: string; lang?: LanguageCode | undefined },
  clientIp: string,
) {
  await enforceRateLimits(db, [{ key: `ticket-send:ip:${clientIp}`, max: 10, windowSeconds: 600 }]);
  if (emailRule(body.email)) throw specError('invalid email address');
  const found = await requireAccess(db, site, token);
  const lang = body.lang ?? (found.order.lang as LanguageCode);
  const order = await requireOrder(ctx, site, found.order.id, lang);
  const slot = await findSlot(db, found.order.timeSpanId);
  await inTransaction(db, async (tx) => {
    const access = await requireAccess(tx, site, token);
    if (access.shareId !== null) throw specError('record not found', { message: 'only the reservation holder can send tickets' });
    const remaining = (await listAdmissions(tx, access, { lock: true })).filter((a) => a.status === 'valid');
    if (remaining.length === 0) throw specError('record not found', { message: 'no ticket of this reservation is left to send' });
    const shareToken = await splitOff(
      tx,
      access.order.id,
      remaining.map((a) => a.id),
    );
    await ctx.options.enqueueTicketMail?.(tx, {
      site,
      orderId: access.order.id,
      kind: 'ticket_forward',
      email: body.email,
      lang,
      shareToken,
      quantity: remaining.length,
      senderName: access.order.customerFields?.fullname?.trim() || null,
      productName: order.mainProduct.name,
      visitDate: slot?.date ?? '',
    });
  });
  ctx.options.onMailQueued?.();
}
