/** Changes an open order (SPEC §7 `PUT orders/{token}`): its slot and selection, sign-in fields, method. */
import type { TemporaryOrder, UpdateOrderBody } from '@storefront/domain/api/orders';
import { validateCustomerFields } from '@storefront/domain/customer/customer-info';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { releaseOrderHolds } from '../stock/sell-places.ts';
import type * as repo from './orders.repository.ts';
import { checkOpen, inTransaction, type OrdersContext, openOrder } from './orders-context.ts';
import { storedPhone } from './phone-numbers.ts';
import { presentOrder } from './present-order.ts';
import { repriceIfUnchanged, repriceOrder } from './reprice-order.ts';
import { checkMaxPerOrder, checkSlot, resolveSelection } from './resolve-selection.ts';
import { fieldTemplatesOf } from './sales-channels.ts';
import { takeHolds } from './take-holds.ts';

/** Changes an open order within the rules of its own sales channel, whichever route asks. */
export async function updateOrder(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  token: string,
  body: UpdateOrderBody,
): Promise<TemporaryOrder> {
  const changesSlot = body.time_span_id !== undefined && body.quantity !== undefined && body.option_values !== undefined;
  // Details alone (sign-in fields, method, language) change the order's row and nothing else: it
  // is read without a lock and written only if no one wrote it since (a read and a write, each
  // together with other buyers'; no transaction; every buyer of a rush sends them). An order
  // written meanwhile is changed locked.
  if (!changesSlot) {
    const order = checkOpen(await ctx.details.read({ siteId: site.id, tokenHash: hashToken(token) }));
    const repriced = await repriceIfUnchanged(db, ctx, order, site, {
      changes: await detailsChanges(db, ctx, site, order, body),
      ...(order.hasCoupons ? {} : { coupons: [] }),
    });
    if (repriced) return presentOrder(db, ctx.bundles, repriced.order, site, token, repriced);
  }
  const updated = await inTransaction(db, async (tx) => {
    const order = await openOrder(tx, site, token);
    const changes: Partial<repo.OrderRow> = {};
    if (changesSlot && body.time_span_id !== undefined && body.quantity !== undefined && body.option_values) {
      const { product } = await ctx.bundles.require(tx, order.productId);
      if (!product.salesChannels.includes(order.channel)) throw specError('ticket not on sale now');
      const selection = {
        time_span_id: body.time_span_id,
        quantity: body.quantity,
        option_values: body.option_values,
        set_products: body.set_products ?? [],
      };
      await checkSlot(tx, site, order.channel, product.id, selection.time_span_id);
      // A new choice is priced as the catalogue stands now, and those prices are kept from here on.
      const { admissions, setProducts, optionValues, setProductValues } = await resolveSelection(
        tx,
        ctx.bundles,
        product.id,
        selection,
        body.lang ?? order.lang,
      );
      checkMaxPerOrder(admissions, product.maxPerOrder);
      await releaseOrderHolds(tx, order.id);
      await takeHolds(tx, order, selection.time_span_id, admissions, setProducts);
      Object.assign(changes, {
        timeSpanId: selection.time_span_id,
        quantity: admissions,
        optionValues,
        setProducts: setProductValues,
      });
    }
    // The changes, the amounts and the status in one write.
    const repriced = await repriceOrder(tx, ctx.bundles, order, site, {
      changes: await detailsChanges(tx, ctx, site, { ...order, ...changes }, body, changes),
      ...(order.hasCoupons ? {} : { coupons: [] }),
    });
    return presentOrder(tx, ctx.bundles, repriced.order, site, token, repriced);
  });
  if (body.time_span_id !== undefined) ctx.events.stockChanged();
  return updated;
}

/**
 * The order's details as the body changes them, added to `changes` (a new selection's, when
 * there is one): language, sign-in fields (checked against the channel's templates), payment
 * method, and the status they make (`ready_checkout` once both fields and method are there).
 */
async function detailsChanges(
  db: Database,
  ctx: OrdersContext,
  site: Site,
  order: repo.OrderRow,
  body: UpdateOrderBody,
  given: Partial<repo.OrderRow> = {},
): Promise<Partial<repo.OrderRow>> {
  const changes: Partial<repo.OrderRow> = { ...given };
  if (body.lang) changes.lang = body.lang;
  if (body.customer_info) {
    const templates = fieldTemplatesOf(order.channel) ?? (await ctx.bundles.fieldTemplates(db, site.id));
    const failures = validateCustomerFields(templates, body.customer_info, { confirmEmail: false });
    const [field] = Object.keys(failures);
    if (field) {
      const failure = failures[field];
      throw field === 'email'
        ? specError('invalid email address')
        : invalidField(`customer_info.${field}`, `is not valid (${failure?.key ?? 'common_validate_default'})`);
    }
    const displayed = new Set(templates.filter((t) => t.isDisplay).map((t) => t.fieldName));
    changes.customerFields = Object.fromEntries(
      Object.entries(body.customer_info)
        .filter(([key]) => displayed.has(key))
        .map(([key, value]) => [key, key === 'phone' && typeof value === 'string' ? storedPhone(value) : value]),
    );
  }
  if (body.payment_method) {
    const method = await ctx.bundles.paymentMethod(db, site.id, order.channel, body.payment_method);
    if (!method) throw invalidField('payment_method', 'is not offered by this site');
    changes.paymentMethod = body.payment_method;
  }
  const next = { ...order, ...changes };
  const ready = next.customerFields !== null && next.paymentMethod !== null;
  if (ready !== (next.status === 'ready_checkout')) changes.status = ready ? 'ready_checkout' : 'pending';
  return changes;
}
