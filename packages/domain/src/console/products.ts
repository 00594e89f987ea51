/**
 * Contracts of the console's products (`/console/api/v1/venues/:venue/products`) and images
 * (`.../images`, `.../venue-images`), rights `catalogue:read` and `catalogue:write`. The console's
 * form and the server's routes refuse the same values; what depends on the venue (its default
 * language, its own images) the server checks and answers naming the field.
 */
import { z } from 'zod';
import { InputText, Lang, PositiveId, Uuid } from '../api/common.ts';
import { type LanguageCode, PRODUCT_TYPES, SALES_CHANNELS } from '../constants.ts';
import { MAX_SELF_CANCEL_HOURS } from '../self-cancel.ts';

export const PRODUCT_SALE_TYPES = ['ticket', 'reservation'] as const;
/** The most admissions one order may take: the order's own limit (`CreateOrderBody.quantity`). */
export const MAX_PER_ORDER_LIMIT = 100;
export const MAX_PRODUCT_OPTIONS = 30;
export const MAX_SET_PRODUCTS = 20;
/** A price in the venue currency's minor unit (yen for JPY): a whole number, at most ten million. */
export const MAX_PRICE = 10_000_000;
export const MAX_SET_PRODUCT_CAPACITY = 100_000;
export const MAX_PRODUCT_POSITION = 10_000;
export const MAX_PRODUCT_NAME_LENGTH = 200;
export const MAX_PRODUCT_TEXT_LENGTH = 5_000;
export const MAX_ALT_LENGTH = 300;

/** A product's key: how the venue names it in links and reports; unique within the venue. */
export const PRODUCT_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const localized = (max: number) =>
  z.partialRecord(Lang, InputText.trim().max(max, { error: `must be at most ${max} characters` }));

/** A text in the shop's six languages; languages left out or empty have none. */
export const LocalizedInput = localized(MAX_PRODUCT_TEXT_LENGTH);
export const LocalizedName = localized(MAX_PRODUCT_NAME_LENGTH);
export type LocalizedInput = z.infer<typeof LocalizedInput>;

const Price = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number in the currency’s smallest unit' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_PRICE, { error: `must be at most ${MAX_PRICE}` });

const ItemKey = InputText.regex(PRODUCT_KEY_PATTERN, {
  error: 'must be 1–64 lowercase letters, digits, hyphens or underscores',
});

export const OPTION_TYPES = ['admission', 'addon'] as const;

/** An option as the product's editor sends it: with `id` it is a kept one, without it a new one. */
export const ProductOptionInput = z.object({
  id: PositiveId.optional(),
  key: ItemKey.optional(),
  type: z.enum(OPTION_TYPES, { error: `must be one of ${OPTION_TYPES.join(', ')}` }),
  name: LocalizedName,
  price: Price,
});
export type ProductOptionInput = z.infer<typeof ProductOptionInput>;

export const SetProductInput = z.object({
  id: PositiveId.optional(),
  key: ItemKey.optional(),
  name: LocalizedName,
  description: LocalizedInput.default({}),
  price: Price,
  capacity_per_slot: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(MAX_SET_PRODUCT_CAPACITY, { error: `must be at most ${MAX_SET_PRODUCT_CAPACITY}` }),
});
export type SetProductInput = z.infer<typeof SetProductInput>;

/** Visitors may cancel their own booking until `hours_before` the slot starts, `fee` kept per order. */
export const SelfCancelInput = z.object({
  hours_before: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number of hours' })
    .min(0, { error: 'must not be negative' })
    .max(MAX_SELF_CANCEL_HOURS, { error: `must be at most ${MAX_SELF_CANCEL_HOURS}` }),
  fee: Price,
});
export type SelfCancelInput = z.infer<typeof SelfCancelInput>;

const uniqueIds = (items: { id?: number | undefined }[]) => {
  const ids = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  return new Set(ids).size === ids.length;
};

const productFields = {
  key: ItemKey,
  type: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(', ')}` }),
  sale_type: z.enum(PRODUCT_SALE_TYPES, { error: `must be one of ${PRODUCT_SALE_TYPES.join(', ')}` }),
  sales_channels: z
    .array(z.enum(SALES_CHANNELS, { error: `must be one of ${SALES_CHANNELS.join(', ')}` }))
    .max(SALES_CHANNELS.length)
    .refine((list) => new Set(list).size === list.length, { error: 'must not list a channel twice' }),
  name: LocalizedName,
  description: LocalizedInput,
  caution: LocalizedInput,
  presented_by: LocalizedName,
  max_per_order: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_PER_ORDER_LIMIT, { error: `must be at most ${MAX_PER_ORDER_LIMIT}` }),
  position: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must not be negative' })
    .max(MAX_PRODUCT_POSITION, { error: `must be at most ${MAX_PRODUCT_POSITION}` }),
  /** The product's picture on the order page (an image of the venue), or null for none. */
  image_id: Uuid.nullable(),
  /** In the order the shop shows them. */
  options: z
    .array(ProductOptionInput)
    .max(MAX_PRODUCT_OPTIONS, { error: `must list at most ${MAX_PRODUCT_OPTIONS} options` })
    .refine(uniqueIds, { error: 'must not list an option twice' }),
  set_products: z
    .array(SetProductInput)
    .max(MAX_SET_PRODUCTS, { error: `must list at most ${MAX_SET_PRODUCTS} set products` })
    .refine(uniqueIds, { error: 'must not list a set product twice' }),
  /** The visitors' own cancellation; null where they may not cancel. */
  self_cancel: SelfCancelInput.nullable(),
};

export const NewProductBody = z.object({
  ...productFields,
  description: productFields.description.default({}),
  caution: productFields.caution.default({}),
  presented_by: productFields.presented_by.default({}),
  sale_type: productFields.sale_type.default('ticket'),
  sales_channels: productFields.sales_channels.default(['web']),
  position: productFields.position.optional(),
  image_id: productFields.image_id.default(null),
  options: productFields.options.default([]),
  set_products: productFields.set_products.default([]),
  self_cancel: productFields.self_cancel.default(null),
});
export type NewProductBody = z.infer<typeof NewProductBody>;

/** A change: any of the fields; `options` and `set_products` are whole lists when given. */
export const ProductPatchBody = z.object(productFields).partial();
export type ProductPatchBody = z.infer<typeof ProductPatchBody>;

/** Why a text lacks the venue's default language, or null when it has it. */
export function defaultLanguageProblem(
  text: Partial<Record<LanguageCode, string>>,
  defaultLanguage: LanguageCode,
): string | null {
  return text[defaultLanguage]?.trim() ? null : `must be given in ${defaultLanguage}, the venue's default language`;
}

// ---- answers ----

export const ConsoleImage = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.record(z.string(), z.string()),
  /** The widths it is served at (each in every format of `IMAGE_FORMATS`). */
  widths: z.array(z.number().int()),
  /** A JPEG of a preview's size. */
  preview_url: z.string(),
});
export type ConsoleImage = z.infer<typeof ConsoleImage>;

export const ConsoleProductOption = z.object({
  id: z.number().int(),
  key: z.string(),
  type: z.enum(OPTION_TYPES),
  name: z.record(z.string(), z.string()),
  price: z.number().int(),
});

export const ConsoleSetProduct = z.object({
  id: z.number().int(),
  uuid: z.string(),
  key: z.string(),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  price: z.number().int(),
  capacity_per_slot: z.number().int(),
});

export const ConsoleProduct = z.object({
  id: z.number().int(),
  uuid: z.string(),
  key: z.string(),
  type: z.enum(PRODUCT_TYPES),
  sale_type: z.string(),
  sales_channels: z.array(z.string()),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  caution: z.record(z.string(), z.string()),
  presented_by: z.record(z.string(), z.string()),
  max_per_order: z.number().int(),
  position: z.number().int(),
  image: ConsoleImage.nullable(),
  is_archived: z.boolean(),
  archived_at: z.string().nullable(),
  options: z.array(ConsoleProductOption),
  set_products: z.array(ConsoleSetProduct),
  self_cancel: z.object({ hours_before: z.number().int(), fee: z.number().int() }).nullable(),
});
export type ConsoleProduct = z.infer<typeof ConsoleProduct>;
export const ConsoleProducts = z.object({ products: z.array(ConsoleProduct) });

export const ProductsListQuery = z.object({
  archived: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export const ImageAltBody = z.object({ alt: localized(MAX_ALT_LENGTH) });

/** The venue's own pictures: the hero on the order page and the header and footer logos. */
export const VenueImages = z.object({
  hero: ConsoleImage.nullable(),
  header_logo: ConsoleImage.nullable(),
  footer_logo: ConsoleImage.nullable(),
});
export type VenueImages = z.infer<typeof VenueImages>;
export const VenueImagesBody = z.object({
  hero: Uuid.nullable().optional(),
  header_logo: Uuid.nullable().optional(),
  footer_logo: Uuid.nullable().optional(),
});
export type VenueImagesBody = z.infer<typeof VenueImagesBody>;
