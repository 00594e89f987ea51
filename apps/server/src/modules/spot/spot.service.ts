/**
 * Ordering on the spot (SPEC §2 spot flow, §7 spot calls): a visitor scans the venue's QR code and
 * buys one of today's slots of its product. The QR token is checked on every spot read and on the
 * order it starts; the order itself is an ordinary temporary order on the `spot` sales channel,
 * made, changed, paid and mailed by the orders service.
 */

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Product, ProductStocks, SetProductsSearchResult } from '@storefront/domain/api/catalogue';
import type { CreateOrderBody, TemporaryOrder, UpdateOrderBody } from '@storefront/domain/api/orders';
import type { SpotProductStocks, SpotQrCode } from '@storefront/domain/api/spot';
import { todayIn } from '@storefront/domain/dates';
import type { z } from 'zod';
import type { AppMode } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { SPOT_CHANNEL } from '../orders/sales-channels.ts';
import type { Site } from '../sites/site.ts';
import { expiryOf, type QrClaims, signQrToken, verifyQrToken } from './qr-token.ts';
import { qrSecretOf } from './spot.repository.ts';

/** A request whose `field` is wrong (SPEC §7's generic error, naming the field). */

export type SpotServiceOptions = {
  catalogue: CatalogueService;
  orders: OrdersService;
  appMode: AppMode;
  /** The key staff give to print QR codes; without one, only demo and reconnect modes print them. */
  staffKey: string | null;
};

const parse = <T>(bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as T;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createSpotService(db: Database, options: SpotServiceOptions) {
  const { catalogue, orders } = options;
  const secrets = new Map<number, Promise<string>>();

  /** The site's signing key; it never changes, so each process reads it once. */
  function secretOf(site: Site): Promise<string> {
    let secret = secrets.get(site.id);
    if (!secret) {
      secret = qrSecretOf(db, site.id, () => randomBytes(32).toString('base64url'));
      secret.catch(() => secrets.delete(site.id));
      secrets.set(site.id, secret);
    }
    return secret;
  }

  async function spotProduct(site: Site, uuid: string, lang: string): Promise<Product> {
    const product = parse<Product[]>(await catalogue.products(site, lang)).find((p) => p.uuid === uuid);
    if (!product) throw specError('record not found', { message: 'the QR code names no product of this site' });
    if (!product.salesChannels.includes(SPOT_CHANNEL)) throw specError('ticket not on sale now');
    return product;
  }

  /** The claims of a QR token of this site, or the error the visitor should see. */
  async function readToken(site: Site, token: string): Promise<QrClaims> {
    const verdict = verifyQrToken(await secretOf(site), site.code, token);
    if (!verdict.ok) throw invalidField('qr_token', 'is not a QR code of this venue');
    if (verdict.isExpired) throw specError('spot qrCode has expired');
    return verdict.claims;
  }

  /** Today's slots of the product that have not ended. */
  async function todaysSlots(site: Site, product: Product, lang: string) {
    const date = todayIn(site.timeZone, clock.now());
    const stocks = parse<z.infer<typeof ProductStocks>>(await catalogue.stocks(site, { date, product_id: product.id, lang }));
    return { date, stocks, timeSpans: stocks.timeSpans.filter((span) => span.status !== 'closed') };
  }

  async function requireSpotOrder(site: Site, token: string) {
    if ((await orders.channelOf(site, token)) !== SPOT_CHANNEL)
      throw specError('record not found', { message: 'there is no spot order with this token' });
  }

  return {
    /** A QR code for a poster (staff): the product's token for `days` venue days from today. */
    async qrCode(site: Site, productUuid: string, query: { days: number; lang: string }, staffKey: string | undefined) {
      if (options.staffKey ? !staffKey || !sameKey(staffKey, options.staffKey) : options.appMode === 'production') {
        // Well-formed, but without the right to ask: forbidden rather than a bad request.
        throw specError('invalid request', {
          status: 403,
          field: 'x-staff-key',
          message: options.staffKey ? 'x-staff-key is not the staff key' : 'QR codes need a staff key (SPOT_STAFF_KEY)',
        });
      }
      const product = await spotProduct(site, productUuid, query.lang);
      const today = todayIn(site.timeZone, clock.now());
      const { validTo, expiresAt } = expiryOf(today, query.days, site.timeZone);
      return {
        qr_token: signQrToken(await secretOf(site), site.code, { productUuid, expiresAt }),
        productUuid,
        productName: product.name,
        validFrom: today,
        validTo,
        expiresAt: expiresAt.toISOString(),
      } satisfies SpotQrCode;
    },

    async stocks(site: Site, query: { qr_token: string; lang: string }): Promise<SpotProductStocks> {
      const claims = await readToken(site, query.qr_token);
      const product = await spotProduct(site, claims.productUuid, query.lang);
      const { date, stocks, timeSpans } = await todaysSlots(site, product, query.lang);
      const next = timeSpans.find((span) => span.status === 'available' || span.status === 'few');
      return {
        product,
        date,
        qrExpiresAt: claims.expiresAt.toISOString(),
        lowStockThreshold: stocks.lowStockThreshold,
        timeSpans,
        nextTimeSpanId: next?.id ?? null,
      };
    },

    async setProducts(site: Site, query: { qr_token: string; lang: string; main_product_time_span_ids: number[] }) {
      const claims = await readToken(site, query.qr_token);
      const product = await spotProduct(site, claims.productUuid, query.lang);
      const { timeSpans } = await todaysSlots(site, product, query.lang);
      const foreign = query.main_product_time_span_ids.filter((id) => !timeSpans.some((span) => span.id === id));
      if (foreign.length > 0)
        throw invalidField(
          'main_product_time_span_ids',
          `has ${foreign.join(', ')}, not a slot of this QR code still to come today`,
        );
      return parse<z.infer<typeof SetProductsSearchResult>>(await catalogue.setProducts(site, query));
    },

    async createOrder(site: Site, body: CreateOrderBody & { qr_token: string }): Promise<TemporaryOrder> {
      const claims = await readToken(site, body.qr_token);
      if (body.product_uuid !== claims.productUuid) throw invalidField('product_uuid', 'is not the product of the QR code');
      await spotProduct(site, claims.productUuid, body.lang);
      const { qr_token: _qr, ...order } = body;
      // Today's slots only: the orders service holds a spot order to that on every route.
      return orders.create(site, order, SPOT_CHANNEL);
    },

    async updateOrder(site: Site, token: string, body: UpdateOrderBody): Promise<TemporaryOrder> {
      await requireSpotOrder(site, token);
      return orders.update(site, token, body);
    },

    async applyCoupon(site: Site, token: string, code: string, clientIp: string) {
      await requireSpotOrder(site, token);
      return orders.applyCoupon(site, token, code, clientIp);
    },
  };
}

export type SpotService = ReturnType<typeof createSpotService>;
