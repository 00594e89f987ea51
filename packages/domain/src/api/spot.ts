/**
 * Contracts of the spot calls of SPEC §7 (ordering on the spot through a venue's QR code) and of
 * the staff call that makes the QR code. The QR token is signed by the server; it names a product
 * of the site and the moment it stops working.
 */
import { z } from 'zod';
import { Product, SetProductsSearchQuery, TimeSpan } from './catalogue.ts';
import { InputText, Lang, Uuid } from './common.ts';
import { CreateOrderBody } from './orders.ts';

/** How a QR token is written: two URL-safe base64 parts, the payload and its signature. */
export const QrToken = InputText.regex(/^[\w-]{8,200}\.[\w-]{16,100}$/, { error: 'must be a QR token' });

export const SpotProductStocksQuery = z.object({ qr_token: QrToken, lang: Lang.default('ja') });

/** Today's slots of the QR code's product, those still to come only. */
export const SpotProductStocks = z.object({
  product: Product,
  /** The venue-local date of today. */
  date: z.string(),
  /** When the QR code stops working. */
  qrExpiresAt: z.iso.datetime(),
  lowStockThreshold: z.number().int(),
  timeSpans: z.array(TimeSpan),
  /** The first slot that still has places; null when today is sold out or over. */
  nextTimeSpanId: z.number().int().nullable(),
});
export type SpotProductStocks = z.infer<typeof SpotProductStocks>;

/** The create-order payload of SPEC §3 with the QR token it was scanned from. */
export const SpotCreateOrderBody = CreateOrderBody.extend({ qr_token: QrToken });

export const SpotSetProductsSearchQuery = SetProductsSearchQuery.extend({ qr_token: QrToken });

export const SpotQrParams = z.object({ productUUID: Uuid });
/** The staff key, when the site sets one (SPOT_STAFF_KEY); other headers pass untouched. */
export const SpotQrHeaders = z.looseObject({ 'x-staff-key': InputText.max(256).optional() });
export const SpotQrQuery = z.object({
  /** How many venue days the code works for, today included; 1 (the default) rotates it daily. */
  days: InputText.regex(/^\d{1,2}$/, { error: 'must be a number of days from 1 to 31' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: 'must be a number of days from 1 to 31' })
        .max(31, { error: 'must be a number of days from 1 to 31' }),
    )
    .default(1),
  lang: Lang.default('ja'),
});

/** A QR code for a poster: the token, the product it sells, and its validity in venue days. */
export const SpotQrCode = z.object({
  qr_token: z.string(),
  productUuid: z.string(),
  productName: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  expiresAt: z.iso.datetime(),
});
export type SpotQrCode = z.infer<typeof SpotQrCode>;
