/**
 * Contracts of the console's coupons and membership promotions (`/console/api/v1/venues/:venue/coupons`,
 * `.../promotions`), rights `catalogue:read` and `catalogue:write`. The rules for a code, a discount
 * and a coverage live here, so the console's forms and the server refuse the same values.
 */
import { z } from 'zod';
import { Channel, ExportHeadingsParam, Id, InputText, IsoDate, Lang, MAX_INT4, PositiveId } from '../api/common.ts';
import { DISCOUNT_TYPES, type LanguageCode, SALES_CHANNELS } from '../constants.ts';

/**
 * A code as the shop compares it: the shop trims what a visitor types and matches without regard to
 * case (`apply-coupon.ts`), so a code is stored trimmed and in capitals.
 */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Letters and digits, with single hyphens or underscores between them; fits the shop's 64-character entry. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9]+(?:[-_][A-Z0-9]+)*$/;
export const MAX_COUPON_CODE_LENGTH = 64;
export const MAX_PREFIX_LENGTH = 20;
/** Generated suffixes avoid characters read as one another: no 0/O, 1/I/L. */
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31⁸ ≈ 8.5 × 10¹¹ suffixes per prefix: guessing one of 10,000 codes takes about 85 million tries. */
export const COUPON_SUFFIX_LENGTH = 8;
export const MAX_BATCH_SIZE = 10_000;
export const MAX_COUPON_NAME_LENGTH = 200;
export const MAX_CAMPAIGN_LENGTH = 100;
export const MAX_COUPON_PRODUCTS = 200;

const Code = InputText.transform(normaliseCouponCode).pipe(
  z
    .string()
    .min(3, { error: 'must be at least 3 characters' })
    .max(MAX_COUPON_CODE_LENGTH, { error: `must be at most ${MAX_COUPON_CODE_LENGTH} characters` })
    .regex(COUPON_CODE_PATTERN, { error: 'must be letters and digits, with single hyphens or underscores between them' }),
);

const Prefix = InputText.transform(normaliseCouponCode).pipe(
  z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(MAX_PREFIX_LENGTH, { error: `must be at most ${MAX_PREFIX_LENGTH} characters` })
    .regex(COUPON_CODE_PATTERN, { error: 'must be letters and digits, with single hyphens or underscores between them' }),
);

const NameText = InputText.trim()
  .max(MAX_COUPON_NAME_LENGTH, { error: `must be at most ${MAX_COUPON_NAME_LENGTH} characters` })
  .optional();

/** A name per language of the shop; languages left empty are dropped, and at least one must remain. */
export const LocalizedName = z
  .object({ ja: NameText, en: NameText, 'zh-hans': NameText, kr: NameText, 'zh-hant': NameText, th: NameText })
  .transform(
    (names): Partial<Record<LanguageCode, string>> =>
      Object.fromEntries(Object.entries(names).filter(([, text]) => text !== undefined && text !== '')),
  )
  .refine((names) => Object.keys(names).length > 0, { error: 'must have a name in at least one language' });

/** A point in time with its offset (`2025-05-31T23:59:59+09:00`), as a form's date and time sends it. */
export const Instant = z.iso.datetime({ offset: true, error: 'must be a date and time with its offset' });

const Channels = z
  .array(Channel)
  .min(1, { error: 'must list at least one channel' })
  .max(SALES_CHANNELS.length, { error: `must list at most ${SALES_CHANNELS.length} channels` })
  .refine((list) => new Set(list).size === list.length, { error: 'must not list a channel twice' });

const UsageLimit = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(MAX_INT4, { error: 'is too large' })
  .nullable();

const Campaign = InputText.trim()
  .max(MAX_CAMPAIGN_LENGTH, { error: `must be at most ${MAX_CAMPAIGN_LENGTH} characters` })
  .nullable()
  .transform((value) => (value ? value : null));

const ProductIds = z
  .array(PositiveId)
  .min(1, { error: 'must list at least one product, or be null for every product' })
  .max(MAX_COUPON_PRODUCTS, { error: `must list at most ${MAX_COUPON_PRODUCTS} products` })
  .transform((ids) => [...new Set(ids)])
  .nullable();

/** Why a discount cannot be given, or null: a percent is 1–100, a fixed amount more than 0 (minor units). */
export function discountProblem(type: string, amount: number): string | null {
  if (!Number.isInteger(amount)) return 'must be a whole number';
  if (type === 'percent' && (amount < 1 || amount > 100)) return 'must be a percent from 1 to 100';
  if (amount < 1) return 'must be more than 0';
  if (amount > MAX_INT4) return 'is too large';
  return null;
}

/** Why a coverage is wrong, or null: the last visit date covered must not be before the first. */
export function coverageProblem(from: string, to: string): string | null {
  return from <= to ? null : 'must not be before coverage_from';
}

const settingsShape = {
  name: LocalizedName,
  discount_type: z.enum(DISCOUNT_TYPES, { error: `must be one of ${DISCOUNT_TYPES.join(', ')}` }),
  discount_amount: z.number({ error: 'must be a number' }),
  /** First and last visit dates covered (venue-local, inclusive). */
  coverage_from: IsoDate,
  coverage_to: IsoDate,
  /** When the code stops being accepted. */
  expires_at: Instant,
  channels: Channels,
  /** Uses allowed over all orders; null or absent for no limit. */
  usage_limit: UsageLimit.default(null),
  /** Products of the venue it applies to; null or absent for every product. */
  product_ids: ProductIds.default(null),
  /** An invitation counts against admissions and combines only within its campaign. */
  is_invitation: z.boolean({ error: 'must be true or false' }).default(false),
  campaign: Campaign.default(null),
};

type Settings = { discount_type: string; discount_amount: number; coverage_from: string; coverage_to: string };

function checkSettings(body: Settings, ctx: z.core.$RefinementCtx<Settings>) {
  const discount = discountProblem(body.discount_type, body.discount_amount);
  if (discount) ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: discount });
  const coverage = coverageProblem(body.coverage_from, body.coverage_to);
  if (coverage) ctx.addIssue({ code: 'custom', path: ['coverage_to'], message: coverage });
}

export const CouponSettings = z.object(settingsShape).superRefine(checkSettings);
export type CouponSettings = z.output<typeof CouponSettings>;

export const NewCouponBody = z.object({ code: Code, ...settingsShape }).superRefine(checkSettings);
export type NewCouponBody = z.output<typeof NewCouponBody>;

export const NewCouponBatchBody = z
  .object({
    /** Every code is the prefix, a hyphen and a random suffix: `SPRING-7KQ2M9XA`. */
    prefix: Prefix,
    count: z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_BATCH_SIZE, { error: `must be at most ${MAX_BATCH_SIZE}` }),
    ...settingsShape,
  })
  .superRefine(checkSettings);
export type NewCouponBatchBody = z.output<typeof NewCouponBatchBody>;

export const CouponBatch = z.object({ batch: z.string(), count: z.number().int(), prefix: z.string() });
export type CouponBatch = z.infer<typeof CouponBatch>;

/** What may change on a coupon; its code, discount and kind stay as orders used them. */
export const CouponChanges = z
  .object({
    is_active: z.boolean({ error: 'must be true or false' }),
    name: LocalizedName,
    usage_limit: UsageLimit,
    coverage_from: IsoDate,
    coverage_to: IsoDate,
    expires_at: Instant,
    channels: Channels,
    product_ids: ProductIds,
    campaign: Campaign,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'must change something' });
export type CouponChanges = z.output<typeof CouponChanges>;

export const COUPON_STATUSES = ['active', 'inactive', 'expired', 'used_up'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** What a coupon is now: deactivated first, then expired, then used up. */
export function couponStatus(
  coupon: { is_active: boolean; expires_at: string; usage_limit: number | null; used_count: number },
  now: Date,
): CouponStatus {
  if (!coupon.is_active) return 'inactive';
  if (!(now.getTime() < Date.parse(coupon.expires_at))) return 'expired';
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return 'used_up';
  return 'active';
}

export const Coupon = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.record(z.string(), z.string()),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_amount: z.number().int(),
  coverage_from: z.string(),
  coverage_to: z.string(),
  expires_at: z.string(),
  channels: z.array(z.string()),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  product_ids: z.array(z.number().int()).nullable(),
  is_invitation: z.boolean(),
  campaign: z.string().nullable(),
  is_active: z.boolean(),
  batch: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(COUPON_STATUSES),
});
export type Coupon = z.infer<typeof Coupon>;

export const CouponFilters = z.object({
  /** Part of a code, a name (any language) or a batch. */
  q: InputText.trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  status: z.enum(COUPON_STATUSES, { error: `must be one of ${COUPON_STATUSES.join(', ')}` }).optional(),
  batch: InputText.max(100, { error: 'must be at most 100 characters' }).optional(),
});
export type CouponFilters = z.output<typeof CouponFilters>;

/**
 * The CSV export takes the filters, the language of names and discounts (the venue's default when
 * not given) and how its headings and values are worded (`headings=keys`: machine keys).
 */
export const CouponExportQuery = CouponFilters.extend({ lang: Lang.optional(), headings: ExportHeadingsParam.optional() });
export type CouponExportQuery = z.output<typeof CouponExportQuery>;

export const CouponListQuery = CouponFilters.extend({
  /** Paging: coupons made before this one (newest first). */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CouponListQuery = z.output<typeof CouponListQuery>;

export const CouponPage = z.object({
  coupons: z.array(Coupon),
  /** How many coupons match the filters in all. */
  total: z.number().int(),
  next_before: z.number().int().nullable(),
});
export type CouponPage = z.infer<typeof CouponPage>;

/* Membership promotions: the discount a signed-in member's order gets (the first active one). */

export const MAX_PROMOTION_KEY_LENGTH = 40;

export const MembershipPromotion = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.record(z.string(), z.string()),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_amount: z.number().int(),
  is_active: z.boolean(),
  /** Whether members' orders get this one now: the first active promotion of the venue. */
  is_applied: z.boolean(),
});
export type MembershipPromotion = z.infer<typeof MembershipPromotion>;

const PromotionKey = InputText.trim()
  .min(1, { error: 'must not be empty' })
  .max(MAX_PROMOTION_KEY_LENGTH, { error: `must be at most ${MAX_PROMOTION_KEY_LENGTH} characters` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: 'must be letters, digits, hyphens or underscores' });

const promotionShape = {
  key: PromotionKey,
  name: LocalizedName,
  discount_type: settingsShape.discount_type,
  discount_amount: settingsShape.discount_amount,
};

function checkPromotionDiscount(
  body: { discount_type?: string | undefined; discount_amount?: number | undefined },
  ctx: z.core.$RefinementCtx<{ discount_type?: string | undefined; discount_amount?: number | undefined }>,
) {
  if (body.discount_type === undefined || body.discount_amount === undefined) return;
  const problem = discountProblem(body.discount_type, body.discount_amount);
  if (problem) ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: problem });
}

export const NewPromotionBody = z
  .object({ ...promotionShape, is_active: z.boolean({ error: 'must be true or false' }).default(true) })
  .superRefine(checkPromotionDiscount);
export type NewPromotionBody = z.output<typeof NewPromotionBody>;

export const PromotionChanges = z
  .object({ ...promotionShape, is_active: z.boolean({ error: 'must be true or false' }) })
  .partial()
  .superRefine(checkPromotionDiscount)
  .refine((body) => Object.keys(body).length > 0, { error: 'must change something' });
export type PromotionChanges = z.output<typeof PromotionChanges>;
