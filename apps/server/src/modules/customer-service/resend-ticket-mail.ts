/**
 * Staff send a visitor's ticket link again ("I never got my ticket"): the reservation inquiry's
 * mail, with a new reservation token of its own (the first is kept only as a hash), to the
 * order's address or to a corrected one given for this mail alone. One transaction writes the
 * token, the mail and the audit entry; repeats are counted per order and per staff member.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type Actor, auditedChange } from '../audit/record-audit.ts';
import { findSlot, productNames } from '../catalogue/catalogue-facts.ts';
import { findPlacedOrder } from '../orders/placed-order.ts';
import type { Site } from '../sites/site.ts';
import { addAccessToken } from '../tickets/order-tickets.ts';
import type { CustomerServiceContext } from './customer-service-context.ts';

/** A few sends of one order's tickets in ten minutes is a phone call; more is a double-click or a loop. */
const RESEND_LIMITS = {
  perOrder: { max: 3, windowSeconds: 600 },
  perStaff: { max: 30, windowSeconds: 600 },
} as const;

export async function resendTicketMail(
  ctx: CustomerServiceContext,
  site: Site,
  orderId: string,
  actor: Actor,
  body: { email?: string | undefined },
): Promise<{ mail_id: string; to: string }> {
  const { db } = ctx;
  const order = await findPlacedOrder(db, site.id, orderId);
  if (!order) throw specError('not found', { message: 'there is no such order at this venue' });
  if (order.status !== 'completed')
    throw specError('conflict', { message: 'the order is cancelled: there is no ticket to send' });
  const to = body.email ?? order.customerFields?.email?.trim() ?? '';
  if (!to) throw invalidField('email', 'is required: the order has no e-mail address');
  await enforceRateLimits(db, [
    { key: `order-resend:order:${order.id}`, ...RESEND_LIMITS.perOrder },
    { key: `order-resend:staff:${actor.id ?? actor.label}`, ...RESEND_LIMITS.perStaff },
  ]);
  const lang = order.lang as LanguageCode;
  const productName = localize((await productNames(db, [order.productId])).get(order.productId) ?? {}, lang);
  const visitDate = (await findSlot(db, order.timeSpanId))?.date ?? '';
  const sent = await auditedChange(
    db,
    actor,
    async (tx: Database) => {
      const reservationToken = newToken();
      await addAccessToken(tx, { tokenHash: hashToken(reservationToken), orderId: order.id, source: 'inquiry' });
      return ctx.enqueueTicketMail(tx, {
        site,
        orderId: order.id,
        kind: 'ticket_inquiry',
        email: to,
        lang,
        reservationNumber: order.reservationNumber,
        reservationToken,
        productName,
        visitDate,
      });
    },
    (mail) => ({
      venue: { id: site.id, code: site.code },
      objectType: 'order',
      objectId: order.id,
      action: 'ticket mail resent',
      changes: { reservation_number: order.reservationNumber, to, corrected_address: body.email !== undefined, mail_id: mail.id },
    }),
  );
  ctx.onMailQueued();
  return { mail_id: sent.id, to };
}
