/**
 * Temporary orders and checkout (SPEC §3, §4, §7). Every change to stock happens inside one
 * transaction with the order it belongs to; a failure leaves nothing half-written.
 */
import type { CreateOrderBody, TemporaryOrder, UpdateOrderBody } from '@storefront/domain/api/orders';
import { toCustomerInfo, validateCustomerFields } from '@storefront/domain/customer/customer-info';
import { email } from '@storefront/domain/customer/validation';
import type { ServerError } from '@storefront/domain/errors/catalogue';
import { localize } from '@storefront/domain/localize';
import { paymentProfile } from '@storefront/domain/payments';
import { type CouponFacts, checkCoupon } from '@storefront/domain/pricing/coupon-rules';
import { type PricedOrder, priceOrder } from '@storefront/domain/pricing/price-order';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken, newReservationNumber, newToken } from '../../http/tokens.ts';
import type { CompletedOrder } from '../mail/enqueue-order-confirmation.ts';
import { activePromotion } from '../membership/membership.repository.ts';
import type { Site } from '../sites/sites.repository.ts';
import { tickets } from '../tickets/tickets.schema.ts';
import { createOrderPlacer } from './order-placer.ts';
import * as repo from './orders.repository.ts';
import { orders } from './orders.schema.ts';
import { fieldTemplatesOf, type OrderChannel, slotRefusal } from './sales-channels.ts';
import {
  type HeldSlot,
  holdSetProduct,
  holdSlot,
  type NoPlaces,
  placeOrder,
  releaseOrderHolds,
  sellAfterExpiry,
  sellOrderHolds,
} from './stock.repository.ts';

/** A failure of SPEC §8 with the HTTP status that fits it. */
export const orderError = (status: number, error: ServerError, extra: { can_retry?: boolean; message?: string } = {}) =>
  new AppError(status, { error, can_retry: extra.can_retry ?? false, ...(extra.message ? { message: extra.message } : {}) });

const sessionTimeout = () => orderError(410, 'session_timeout');
const OPEN_STATUSES = new Set(['pending', 'ready_checkout']);

type Selection = Pick<CreateOrderBody, 'time_span_id' | 'quantity' | 'option_values' | 'set_products'>;

export type OrdersServiceOptions = {
  /** Called after a checkout commits, to send the confirmation mail without delay. */
  onOrderCompleted?: (orderId: string) => void;
  /** Called after a transaction that took or gave back places commits. */
  onStockChanged?: () => void;
  /** Called after a transaction that queued mail commits. */
  onMailQueued?: () => void;
  /** Sends the address-confirmation link of mail-only mode, in the same transaction. */
  enqueueMailConfirmation?: (
    db: Database,
    mail: { site: Site; email: string; lang: string; mailToken: string; minutes: number },
  ) => Promise<void>;
  /** Writes the confirmation mail into the outbox in the checkout's transaction. */
  enqueueConfirmation?: (db: Database, completed: CompletedOrder) => Promise<void>;
};

function couponFacts(row: repo.CouponRow): CouponFacts {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountAmount: row.discountAmount,
    coverageFrom: row.coverageFrom,
    coverageTo: row.coverageTo,
    expiresAt: row.expiresAt.toISOString(),
    channels: row.channels,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    campaign: row.campaign,
    isInvitation: row.isInvitation,
    isActive: row.isActive,
    productIds: row.productIds ?? null,
  };
}

/** Product definitions change rarely; orders may read them up to this old (like the catalogue). */
const PRODUCT_TTL_MS = 5_000;

type ProductBundle = {
  product: NonNullable<Awaited<ReturnType<typeof repo.findProductById>>>;
  options: Awaited<ReturnType<typeof repo.listOptions>>;
  setProducts: Awaited<ReturnType<typeof repo.listSetProducts>>;
};

export function createOrdersService(db: Database, options: OrdersServiceOptions = {}) {
  const bundles = new Map<string, { at: number; bundle: ProductBundle | null }>();
  const placer = createOrderPlacer(db);

  /** A product with its options and set products, from a short-lived cache: a rush reads them on every hold. */
  async function productBundle(
    tx: Database,
    key: { id: number } | { siteId: number; uuid: string },
  ): Promise<ProductBundle | null> {
    const name = 'id' in key ? `id:${key.id}` : `uuid:${key.siteId}:${key.uuid}`;
    const hit = bundles.get(name);
    if (hit && Date.now() - hit.at < PRODUCT_TTL_MS) return hit.bundle;
    const product = 'id' in key ? await repo.findProductById(tx, key.id) : await repo.findProductByUuid(tx, key.siteId, key.uuid);
    const bundle = product
      ? { product, options: await repo.listOptions(tx, product.id), setProducts: await repo.listSetProducts(tx, product.id) }
      : null;
    if (bundles.size > 1_000) bundles.clear();
    bundles.set(name, { at: Date.now(), bundle });
    return bundle;
  }

  async function requireBundle(tx: Database, productId: number): Promise<ProductBundle> {
    const bundle = await productBundle(tx, { id: productId });
    if (!bundle) throw notFound('record not found');
    return bundle;
  }
  /** Checks a selection against the product and prices it (coupons as given). */
  async function resolveSelection(tx: Database, productId: number, selection: Selection, lang: string) {
    const { options: optionRows, setProducts: setProductRows } = await requireBundle(tx, productId);
    const options = selection.option_values.map((value) => {
      const option = optionRows.find((o) => o.id === value.option_value_id);
      if (!option)
        throw orderError(400, 'option_value_id not found', {
          message: `option_value_id ${value.option_value_id} is not an option of this product`,
        });
      return {
        id: option.id,
        name: localize(option.name, lang),
        type: option.type,
        price: option.price,
        quantity: value.quantity,
      };
    });
    if (new Set(options.map((o) => o.id)).size !== options.length) throw badRequest('option_values', 'lists an option twice');
    const setProducts = selection.set_products.map((value) => {
      const setProduct = setProductRows.find((s) => s.id === value.set_product_id);
      if (!setProduct) throw badRequest('set_products', `has ${value.set_product_id}, which is not sold with this product`);
      return { id: setProduct.id, name: localize(setProduct.name, lang), price: setProduct.price, quantity: value.quantity };
    });
    if (new Set(setProducts.map((s) => s.id)).size !== setProducts.length)
      throw badRequest('set_products', 'lists a set product twice');
    const admissions = options.filter((o) => o.type === 'admission').reduce((sum, o) => sum + o.quantity, 0);
    if (admissions !== selection.quantity) {
      throw badRequest('quantity', `is ${selection.quantity} but the admission options add up to ${admissions}`);
    }
    return { options, setProducts, admissions };
  }

  /** The error a visitor sees when a slot gave no places. */
  function noPlaces(reason: NoPlaces): AppError {
    if (reason === 'missing') return orderError(404, 'no stock has been registered for this product');
    if (reason === 'closed') return orderError(400, 'ticket not on sale now');
    return orderError(409, 'out of stock');
  }

  async function holdSetProducts(
    tx: Database,
    order: { id: string; expiresAt: Date },
    timeSpanId: number,
    setProducts: { id: number; quantity: number }[],
  ): Promise<void> {
    for (const setProduct of setProducts.filter((s) => s.quantity > 0)) {
      const heldSetProduct = await holdSetProduct(tx, {
        orderId: order.id,
        timeSpanId,
        setProductId: setProduct.id,
        quantity: setProduct.quantity,
        expiresAt: order.expiresAt,
      });
      if (!heldSetProduct)
        throw orderError(409, 'out of stock', { message: `set product ${setProduct.id} is sold out for this time slot` });
    }
  }

  async function takeHolds(
    tx: Database,
    order: { id: string; expiresAt: Date; productId: number },
    timeSpanId: number,
    admissions: number,
    setProducts: { id: number; quantity: number }[],
  ): Promise<HeldSlot> {
    const held = await holdSlot(tx, {
      orderId: order.id,
      productId: order.productId,
      timeSpanId,
      quantity: admissions,
      expiresAt: order.expiresAt,
    });
    if (typeof held === 'string') throw noPlaces(held);
    await holdSetProducts(tx, order, timeSpanId, setProducts);
    return held;
  }

  /** A slot the order may take: on sale, not over, and allowed on the order's channel. */
  async function checkSlot(tx: Database, site: Site, channel: string, productId: number, timeSpanId: number) {
    const span = await repo.findTimeSpan(tx, productId, timeSpanId);
    if (!span) throw orderError(404, 'no stock has been registered for this product');
    if (!span.isOnSale || span.isPast) throw orderError(400, 'ticket not on sale now');
    const refusal = slotRefusal(channel, span, site.timeZone);
    if (refusal) throw orderError(400, 'ticket not on sale now', { message: refusal });
    return span;
  }

  /** Prices the order as it stands, with its coupons. */
  async function price(
    tx: Database,
    order: repo.OrderRow,
    site: Site,
    knownCoupons?: repo.CouponRow[],
  ): Promise<{ priced: PricedOrder; couponRows: repo.CouponRow[] }> {
    const selection = {
      time_span_id: order.timeSpanId,
      quantity: order.quantity,
      option_values: order.optionValues,
      set_products: order.setProducts,
    };
    const { options, setProducts } = await resolveSelection(tx, order.productId, selection, order.lang);
    const couponRows = knownCoupons ?? (await repo.listOrderCoupons(tx, order.id));
    // A signed-in member gets the site's membership promotion.
    const promotion = order.memberId !== null && site.hasMembershipLogin ? await activePromotion(tx, site.id) : null;
    const priced = priceOrder({
      options,
      setProducts,
      coupons: couponRows.map((c) => ({
        code: c.code,
        name: localize(c.name, order.lang),
        discount_type: c.discountType,
        discount_amount: c.discountAmount,
        isInvitation: c.isInvitation,
      })),
      membershipPromotion: promotion
        ? {
            name: localize(promotion.name, order.lang),
            discount_type: promotion.discountType,
            discount_amount: promotion.discountAmount,
          }
        : null,
    });
    return { priced, couponRows };
  }

  type Repriced = { order: repo.OrderRow; priced: PricedOrder; couponRows: repo.CouponRow[] };

  /** Prices the order as it stands and stores the amounts; the result can be shown without pricing again. */
  async function reprice(tx: Database, order: repo.OrderRow, site: Site): Promise<Repriced> {
    const { priced, couponRows } = await price(tx, order, site);
    const updated = await repo.updateOrder(tx, order.id, {
      subtotal: priced.subtotal,
      discount: priced.discount,
      total: priced.total,
    });
    return { order: updated, priced, couponRows };
  }

  async function present(
    tx: Database,
    order: repo.OrderRow,
    site: Site,
    token: string,
    known: { span?: HeldSlot; couponRows?: repo.CouponRow[]; priced?: PricedOrder } = {},
  ): Promise<TemporaryOrder> {
    const { product, options: optionRows } = await requireBundle(tx, order.productId);
    const span = known.span ?? (await repo.findTimeSpan(tx, product.id, order.timeSpanId));
    if (!span) throw notFound('record not found');
    const { priced, couponRows } =
      known.priced && known.couponRows
        ? { priced: known.priced, couponRows: known.couponRows }
        : await price(tx, order, site, known.couponRows);
    const optionLines = priced.lines.filter((l) => l.kind === 'option');
    return {
      order_token: token,
      status: order.status,
      lang: order.lang as TemporaryOrder['lang'],
      price: priced.total,
      subtotal: priced.subtotal,
      discount: priced.discount,
      expiresAt: order.expiresAt.toISOString(),
      customerInfo: order.customerFields ? toCustomerInfo(order.customerFields) : null,
      customerFields: order.customerFields ?? null,
      paymentMethod: order.paymentMethod,
      mainProduct: {
        uuid: product.uuid,
        name: localize(product.name, order.lang),
        description: localize(product.description, order.lang),
        saleType: product.saleType,
        quantity: order.quantity,
        reservationFrom: span.startsAt.toISOString(),
        reservationTo: span.endsAt.toISOString(),
        productTimeSpanID: order.timeSpanId,
        presentedBy: localize(product.presentedBy, order.lang),
        caution: localize(product.caution, order.lang),
        options: optionLines.map((line) => ({
          id: line.id,
          name: line.name,
          type: optionRows.find((o) => o.id === line.id)?.type ?? 'admission',
          price: line.unitPrice,
          quantity: line.quantity,
        })),
      },
      setProducts: priced.lines
        .filter((l) => l.kind === 'set_product')
        .map((line) => ({ id: line.id, name: line.name, price: line.unitPrice, quantity: line.quantity })),
      coupons: priced.coupons.map((c, index) => ({ id: couponRows[index]?.id ?? 0, ...c })),
      membershipPromotion: priced.membershipPromotion,
    };
  }

  /** The open order for a token, locked, or the error the visitor should see. */
  async function openOrder(tx: Database, site: Site, token: string): Promise<repo.OrderRow> {
    const order = await repo.findOrder(tx, site.id, hashToken(token), { lock: true });
    if (!order) throw notFound('record not found', 'there is no order with this token');
    if (!OPEN_STATUSES.has(order.status)) throw orderError(400, 'order status must be ready_checkout');
    if (await repo.isExpired(tx, order.id)) throw sessionTimeout();
    return order;
  }

  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));
  /** This process shows the change at once; others within the availability cache's second. */
  const stockChanged = () => options.onStockChanged?.();

  return {
    async create(site: Site, body: CreateOrderBody, channel: OrderChannel = 'web'): Promise<TemporaryOrder> {
      const product = (await productBundle(db, { siteId: site.id, uuid: body.product_uuid }))?.product;
      if (!product) throw notFound('record not found', 'product_uuid names no product of this site');
      if (!product.salesChannels.includes(channel)) throw orderError(400, 'ticket not on sale now');
      // Web orders take any slot on sale (the hold itself refuses closed ones): no read before the rush's one statement.
      if (channel !== 'web') await checkSlot(db, site, channel, product.id, body.time_span_id);
      const selection = await resolveSelection(db, product.id, body, body.lang);
      const { admissions, setProducts } = selection;
      if (admissions > product.maxPerOrder)
        throw badRequest('quantity', `must be at most ${product.maxPerOrder} for this product`);
      const token = newToken();
      const priced = priceOrder({ options: selection.options, setProducts, coupons: [], membershipPromotion: null });
      const newOrder = {
        siteId: site.id,
        tokenHash: hashToken(token),
        channel,
        lang: body.lang,
        productId: product.id,
        timeSpanId: body.time_span_id,
        quantity: admissions,
        optionValues: body.option_values,
        setProducts: body.set_products,
        subtotal: priced.subtotal,
        total: priced.total,
        holdMinutes: site.holdMinutes,
      };
      // An order and its slot's places are one statement, batched with other buyers of the slot;
      // set products need a transaction around it.
      const placed = setProducts.some((s) => s.quantity > 0)
        ? await transaction(async (tx) => {
            const placedWithSet = await placeOrder(tx, newOrder);
            if (typeof placedWithSet === 'string') throw noPlaces(placedWithSet);
            await holdSetProducts(tx, placedWithSet, body.time_span_id, setProducts);
            return placedWithSet;
          })
        : await placer(newOrder);
      if (typeof placed === 'string') throw noPlaces(placed);
      stockChanged();
      const order: repo.OrderRow = {
        ...newOrder,
        id: placed.id,
        status: 'pending',
        customerFields: null,
        paymentMethod: null,
        memberId: null,
        discount: 0,
        expiresAt: placed.expiresAt,
        createdAt: placed.createdAt,
        updatedAt: placed.createdAt,
        completedAt: null,
        reservationNumber: null,
        reservationTokenHash: null,
        mailTokenHash: null,
      };
      // A new order has no coupons nor member yet: it is shown from what is in hand.
      return present(db, order, site, token, { span: placed.span, couponRows: [], priced });
    },

    async get(site: Site, token: string): Promise<TemporaryOrder> {
      return transaction(async (tx) => {
        const order = await repo.findOrder(tx, site.id, hashToken(token));
        if (!order) throw notFound('record not found', 'there is no order with this token');
        if (OPEN_STATUSES.has(order.status) && (await repo.isExpired(tx, order.id))) throw sessionTimeout();
        return present(tx, order, site, token);
      });
    },

    /** Changes an open order within the rules of its own sales channel, whichever route asks. */
    async update(site: Site, token: string, body: UpdateOrderBody): Promise<TemporaryOrder> {
      const updated = await transaction(async (tx) => {
        let order = await openOrder(tx, site, token);
        const changes: Partial<repo.OrderRow> = {};
        if (body.lang) changes.lang = body.lang;
        if (body.time_span_id !== undefined && body.quantity !== undefined && body.option_values) {
          const { product } = await requireBundle(tx, order.productId);
          if (!product.salesChannels.includes(order.channel)) throw orderError(400, 'ticket not on sale now');
          const selection = {
            time_span_id: body.time_span_id,
            quantity: body.quantity,
            option_values: body.option_values,
            set_products: body.set_products ?? [],
          };
          await checkSlot(tx, site, order.channel, product.id, selection.time_span_id);
          const { admissions, setProducts } = await resolveSelection(tx, product.id, selection, body.lang ?? order.lang);
          if (admissions > product.maxPerOrder)
            throw badRequest('quantity', `must be at most ${product.maxPerOrder} for this product`);
          await releaseOrderHolds(tx, order.id);
          await takeHolds(tx, order, selection.time_span_id, admissions, setProducts);
          Object.assign(changes, {
            timeSpanId: selection.time_span_id,
            quantity: admissions,
            optionValues: selection.option_values,
            setProducts: selection.set_products,
          });
        }
        if (body.customer_info) {
          const templates = fieldTemplatesOf(order.channel) ?? (await repo.listFieldTemplates(tx, site.id));
          const failures = validateCustomerFields(templates, body.customer_info, { confirmEmail: false });
          const [field] = Object.keys(failures);
          if (field) {
            const failure = failures[field];
            throw field === 'email'
              ? orderError(400, 'invalid email address')
              : badRequest(`customer_info.${field}`, `is not valid (${failure?.key ?? 'common_validate_default'})`);
          }
          const displayed = new Set(templates.filter((t) => t.isDisplay).map((t) => t.fieldName));
          changes.customerFields = Object.fromEntries(Object.entries(body.customer_info).filter(([key]) => displayed.has(key)));
        }
        if (body.payment_method) {
          const method = await repo.findPaymentMethod(tx, site.id, order.channel, body.payment_method);
          if (!method) throw badRequest('payment_method', 'is not offered by this site');
          changes.paymentMethod = body.payment_method;
        }
        const repriced = await reprice(tx, await repo.updateOrder(tx, order.id, changes), site);
        order = repriced.order;
        const ready = order.customerFields !== null && order.paymentMethod !== null;
        if (ready !== (order.status === 'ready_checkout')) {
          order = await repo.updateOrder(tx, order.id, { status: ready ? 'ready_checkout' : 'pending' });
        }
        return present(tx, order, site, token, repriced);
      });
      if (body.time_span_id !== undefined) stockChanged();
      return updated;
    },

    async cancel(site: Site, token: string): Promise<void> {
      await transaction(async (tx) => {
        const order = await repo.findOrder(tx, site.id, hashToken(token), { lock: true });
        if (!order) throw notFound('record not found', 'there is no order with this token');
        if (!OPEN_STATUSES.has(order.status)) throw orderError(400, 'order status must be ready_checkout');
        await releaseOrderHolds(tx, order.id);
        await repo.updateOrder(tx, order.id, { status: 'cancelled' });
      });
      stockChanged();
    },

    async applyCoupon(site: Site, token: string, code: string, clientIp: string, now = new Date()) {
      // Codes are guessable input: a client gets a few tries a minute.
      await enforceRateLimits(db, [{ key: `coupon:ip:${clientIp}`, max: 30, windowSeconds: 60 }]);
      return transaction(async (tx) => {
        const order = await openOrder(tx, site, token);
        const coupon = await repo.findCouponByCode(tx, site.id, code);
        const { priced, couponRows } = await price(tx, order, site);
        const span = await repo.findTimeSpan(tx, order.productId, order.timeSpanId);
        const failure = checkCoupon(coupon ? couponFacts(coupon) : null, {
          now,
          visitDate: span?.date ?? '',
          channel: order.channel,
          productId: order.productId,
          applied: couponRows.map(couponFacts),
          admissions: priced.admissions,
          subtotal: priced.subtotal,
          remainingTotal: priced.total,
          isDateChange: false,
        });
        if (failure || !coupon) throw orderError(400, failure ?? 'coupon_code does not exist');
        await repo.addOrderCoupon(tx, order.id, coupon.id);
        const repriced = await reprice(tx, order, site);
        const presented = await present(tx, repriced.order, site, token, repriced);
        const applied = presented.coupons.find((c) => c.id === coupon.id);
        return {
          coupon_id: coupon.id,
          coupon_name: applied?.name ?? localize(coupon.name, order.lang),
          coupon_discount: applied?.discount ?? 0,
          order: presented,
        };
      });
    },

    /** Links a signed-in member to an open order; their promotion applies from now on. */
    async attachMember(site: Site, token: string, memberId: number): Promise<TemporaryOrder> {
      return transaction(async (tx) => {
        const order = await openOrder(tx, site, token);
        const repriced = await reprice(tx, await repo.updateOrder(tx, order.id, { memberId }), site);
        return present(tx, repriced.order, site, token, repriced);
      });
    },

    /**
     * A completed order as the temporary order shape, in `lang`, for the ticket, its mails and its
     * receipt; null when the site has no such completed order.
     */
    async describe(site: Site, orderId: string, lang: string): Promise<TemporaryOrder | null> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.siteId, site.id)));
      if (order?.status !== 'completed') return null;
      return present(db, { ...order, lang }, site, '');
    },

    /** The sales channel an order was made on (web, spot …). */
    async channelOf(site: Site, token: string): Promise<string> {
      const order = await repo.findOrder(db, site.id, hashToken(token));
      if (!order) throw notFound('record not found', 'there is no order with this token');
      return order.channel;
    },

    /**
     * Before the carrier login of d-pay (SPEC §7 `d-account/v1/auth/{id}`), which anyone can call:
     * the token must name an order of this site ready to pay with a carrier method its channel
     * offers, still held; anything else is not found. Counted per client, like every lookup by
     * guessable input.
     */
    async requireCarrierCheckout(site: Site, token: string, clientIp: string): Promise<void> {
      await enforceRateLimits(db, [{ key: `carrier-login:ip:${clientIp}`, max: 20, windowSeconds: 600 }]);
      const order = await repo.findOrder(db, site.id, hashToken(token));
      const method =
        order?.status === 'ready_checkout' && order.paymentMethod && paymentProfile(order.paymentMethod)?.kind === 'carrier'
          ? await repo.findPaymentMethod(db, site.id, order.channel, order.paymentMethod)
          : null;
      if (!order || !method || (await repo.isExpired(db, order.id)))
        throw notFound('record not found', 'there is no order ready to pay with d-pay with this token');
    },

    async memberOf(site: Site, token: string): Promise<number | null> {
      const order = await repo.findOrder(db, site.id, hashToken(token));
      if (!order) throw notFound('record not found', 'there is no order with this token');
      return order.memberId;
    },

    /**
     * Mail-only confirmation, step one: remembers the visitor's address on the order and mails
     * them a link with a new mail token (stored hashed).
     */
    async sendOrderMail(site: Site, token: string, body: { email: string; lang?: string | undefined }, clientIp: string) {
      await enforceRateLimits(db, [{ key: `order-mail:ip:${clientIp}`, max: 10, windowSeconds: 600 }]);
      await transaction(async (tx) => {
        const order = await openOrder(tx, site, token);
        if (email(body.email)) throw orderError(400, 'invalid email address');
        const mailToken = newToken();
        const lang = body.lang ?? order.lang;
        await repo.updateOrder(tx, order.id, {
          customerFields: { email: body.email },
          mailTokenHash: hashToken(mailToken),
          lang,
        });
        const [remaining] = await rows<{ minutes: number }>(
          tx,
          sql`select greatest(1, ceil(extract(epoch from (expires_at - now())) / 60))::int as minutes from orders where id = ${order.id}`,
        );
        await options.enqueueMailConfirmation?.(tx, {
          site,
          email: body.email,
          lang,
          mailToken,
          minutes: remaining?.minutes ?? site.holdMinutes,
        });
      });
      options.onMailQueued?.();
    },

    /**
     * Mail-only confirmation, step two: the link's mail token gives the order back. The order gets
     * a new token (the old one stops working), since only hashes are stored.
     */
    async confirmOrderMail(site: Site, mailToken: string): Promise<{ order_token: string }> {
      return transaction(async (tx) => {
        const order = await repo.findOrderByMailToken(tx, site.id, hashToken(mailToken));
        if (!order) throw notFound('record not found', 'this link is not valid');
        if (!OPEN_STATUSES.has(order.status)) throw orderError(400, 'order status must be ready_checkout');
        if (await repo.isExpired(tx, order.id)) throw sessionTimeout();
        const orderToken = newToken();
        await repo.updateOrder(tx, order.id, { tokenHash: hashToken(orderToken), mailTokenHash: null });
        return { order_token: orderToken };
      });
    },

    async removeCoupon(site: Site, token: string, couponId: number): Promise<TemporaryOrder> {
      return transaction(async (tx) => {
        const order = await openOrder(tx, site, token);
        if (!(await repo.removeOrderCoupon(tx, order.id, couponId)))
          throw notFound('record not found', 'the coupon is not on this order');
        const repriced = await reprice(tx, order, site);
        return present(tx, repriced.order, site, token, repriced);
      });
    },

    /**
     * The first half of a checkout: checks the order and its method, reserves its coupon uses and
     * marks it `paying`, then runs `record` (the payment ledger's first row) in the same
     * transaction. Nothing is charged here; the payment service talks to the provider after commit.
     */
    async beginPayment<T>(
      site: Site,
      token: string,
      body: { payment_method: string },
      record: (tx: Database, payment: PaymentToBegin) => Promise<T>,
    ): Promise<T> {
      return transaction(async (tx) => {
        const order = await repo.findOrder(tx, site.id, hashToken(token), { lock: true });
        if (!order) throw notFound('record not found', 'there is no order with this token');
        if (order.status !== 'ready_checkout') throw orderError(400, 'order status must be ready_checkout');
        if (await repo.isExpired(tx, order.id)) throw sessionTimeout();
        const { order: current, couponRows } = await reprice(tx, order, site);
        if (body.payment_method !== current.paymentMethod)
          throw badRequest('payment_method', 'is not the method chosen for this order');
        const method = await repo.findPaymentMethod(tx, site.id, order.channel, body.payment_method);
        if (!method) throw badRequest('payment_method', 'is not offered by this site');
        if ((current.total === 0) !== (method.provider === 'free')) {
          throw badRequest(
            'payment_method',
            current.total === 0 ? 'must be free for an order of 0' : 'cannot be free for an order that costs money',
          );
        }
        // Coupon uses are counted now, so two buyers can never both take a coupon's last use;
        // a payment that fails gives them back.
        const exhausted = await repo.redeemCoupons(
          tx,
          couponRows.map((c) => c.id),
        );
        if (exhausted.length > 0) throw orderError(400, 'coupon limit reached');
        await repo.updateOrder(tx, order.id, { status: 'paying' });
        const { product } = await requireBundle(tx, order.productId);
        return record(tx, {
          orderId: order.id,
          orderToken: token,
          method: method.method,
          provider: method.provider,
          amount: current.total,
          currency: site.currency,
          description: localize(product.name, order.lang),
        });
      });
    },

    /** A payment that failed: the order can be paid again while its hold lasts; coupon uses come back. */
    async abandonPayment(tx: Database, orderId: string): Promise<boolean> {
      const [order] = await rows<{ id: string }>(
        tx,
        sql`update orders set status = 'ready_checkout', updated_at = now() where id = ${orderId} and status = 'paying' returning id`,
      );
      if (!order) return false;
      await repo.unredeemCoupons(tx, orderId);
      return true;
    },

    /**
     * The second half: a captured payment becomes a completed order with tickets, once. Places
     * held past their expiry are sold again if they are still there; otherwise `no_places` (the
     * caller refunds). A completed order answers its reservation again, without the token, which
     * only the first answer carries (it is stored hashed).
     */
    async completePaid(tx: Database, site: Site, orderId: string): Promise<PaidOrder | 'no_places' | 'not_paying'> {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) return 'not_paying';
      if (order.status === 'completed')
        return { status: 'completed', reservationNumber: order.reservationNumber ?? '', total: order.total, orderId };
      if (order.status !== 'paying') return 'not_paying';
      const sold =
        (await sellOrderHolds(tx, order.id)) ||
        (await sellAfterExpiry(tx, {
          id: order.id,
          timeSpanId: order.timeSpanId,
          quantity: order.quantity,
          setProducts: order.setProducts,
        }));
      if (!sold) return 'no_places';
      const reservationToken = newToken();
      const completed = await repo.updateOrder(tx, order.id, {
        status: 'completed',
        completedAt: sql`now()` as unknown as Date,
        reservationNumber: newReservationNumber(),
        reservationTokenHash: hashToken(reservationToken),
      });
      const { options: optionRows, product } = await requireBundle(tx, order.productId);
      const admissionIds = completed.optionValues
        .flatMap((value) => Array.from({ length: value.quantity }, () => value.option_value_id))
        .filter((id) => optionRows.find((o) => o.id === id)?.type === 'admission');
      if (admissionIds.length > 0) {
        await tx
          .insert(tickets)
          .values(admissionIds.map((optionId, index) => ({ orderId: order.id, optionId, position: index + 1 })));
      }
      const email = completed.customerFields?.email;
      if (options.enqueueConfirmation && email) {
        const span = await repo.findTimeSpan(tx, completed.productId, completed.timeSpanId);
        await options.enqueueConfirmation(tx, {
          site,
          // The mail shows the order, not its token (the order token is not kept in plain form).
          order: await present(tx, completed, site, ''),
          email,
          reservationNumber: completed.reservationNumber ?? '',
          reservationToken,
          visitDate: span?.date ?? '',
          isAllDay: product.type !== 'time',
        });
      }
      return {
        status: 'completed',
        reservationNumber: completed.reservationNumber ?? '',
        reservationToken,
        total: completed.total,
        orderId,
      };
    },

    /** A completed order, locked for the rest of the transaction; null when there is none. */
    async lockCompleted(tx: Database, orderId: string): Promise<repo.OrderRow | null> {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return order?.status === 'completed' ? order : null;
    },

    /** A product with its options (cached briefly, like every hold). */
    async productOf(tx: Database, productId: number) {
      return requireBundle(tx, productId);
    },

    /** A slot of a product, with whether it is over; null when the product has no such slot. */
    slotOf(tx: Database, productId: number, timeSpanId: number) {
      return repo.findTimeSpan(tx, productId, timeSpanId);
    },

    /**
     * An order's selection priced as the catalogue stands now, in `lang`, with its coupons as the
     * coupon rules see them: a date change re-checks them at the new date.
     */
    async priceForChange(tx: Database, site: Site, order: repo.OrderRow, lang: string) {
      // Money is reckoned on the catalogue as it is now, not as cached for holds.
      bundles.delete(`id:${order.productId}`);
      const { priced, couponRows } = await price(tx, { ...order, lang }, site);
      return { priced, coupons: couponRows.map(couponFacts) };
    },

    /** A payment method the site offers on a channel, enabled; null otherwise. */
    paymentMethodOf(tx: Database, site: Site, channel: string, method: string) {
      return repo.findPaymentMethod(tx, site.id, channel, method);
    },

    /** A completed order moved to another slot by a date change, with what it is now worth. */
    moveToSlot(tx: Database, orderId: string, values: { timeSpanId: number; subtotal: number; discount: number; total: number }) {
      return repo.updateOrder(tx, orderId, values);
    },

    /** After a completing transaction commits: availability and mail go at once. */
    completed(orderId: string) {
      options.onOrderCompleted?.(orderId);
    },
  };
}

export type PaymentToBegin = {
  orderId: string;
  orderToken: string;
  method: string;
  provider: 'free' | 'sandbox' | 'stripe';
  amount: number;
  currency: string;
  description: string;
};

export type PaidOrder = {
  status: 'completed';
  orderId: string;
  reservationNumber: string;
  /** Only in the answer that completed the order. */
  reservationToken?: string;
  total: number;
};

export type OrdersService = ReturnType<typeof createOrdersService>;
