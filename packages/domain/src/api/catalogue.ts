/** Contracts of the catalogue calls of SPEC §7, shared by the server and the storefront. */
import { z } from 'zod';
import {
  CURRENCIES,
  MAX_SEARCH_RANGE_DAYS,
  PAYMENT_METHOD_IDS,
  PAYMENT_PROVIDERS,
  PRODUCT_TYPES,
  SALES_CHANNELS,
} from '../constants.ts';
import { daysBetween } from '../dates.ts';
import { Channel, Id, InputText, IsoDate, idList, Lang, LangQuery, Uuid } from './common.ts';

/** A from/to date range: to not before from, and no wider than a search may ask. */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysBetween(q.from, q.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  if (days >= MAX_SEARCH_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be less than ${MAX_SEARCH_RANGE_DAYS} days after from` });
  }
}

// ---- queries ----

export const ProductsQuery = LangQuery;
export const ProductsSearchQuery = z
  .object({
    from: IsoDate,
    to: IsoDate,
    lang: Lang.default('ja'),
    product_uuid: Uuid.optional(),
    product_type: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(', ')}` }).optional(),
  })
  .superRefine(checkRange);
export const ProductsSearch2Query = z.object({ date: IsoDate, lang: Lang.default('ja') });
export const ProductStocksQuery = z.object({ date: IsoDate, product_id: Id, lang: Lang.default('ja') });
export const StockStatusesQuery = z.object({ from: IsoDate, to: IsoDate, product_uuid: Uuid.optional() }).superRefine(checkRange);
export const OrderableStocksQuery = z.object({ product_time_span_id: Id });
export const SetProductsSearchQuery = z.object({
  lang: Lang.default('ja'),
  main_product_time_span_ids: idList(100),
});
export const PaymentMethodsQuery = z.object({ lang: Lang.default('ja'), channel: Channel.default('web') });
export const CalendarColorsQuery = z.object({ from: IsoDate, to: IsoDate }).superRefine(checkRange);
export const GtmParams = z.object({
  id: InputText.regex(/^GTM-[A-Z0-9]{4,10}$/, { error: 'must be a tag manager id (GTM-…)' }),
});

// ---- answers ----

export const Language = z.object({
  id: Lang,
  display_name: z.string(),
  display_position: z.number().int(),
  is_default: z.boolean(),
});
export type Language = z.infer<typeof Language>;

export const FieldTemplate = z.object({
  fieldName: z.string(),
  isDisplay: z.boolean(),
  isRequired: z.boolean(),
  type: z.enum(['text', 'select']),
  choices: z.array(z.string()),
  /** A named list the storefront expands: countries, prefectures, regions, age_…, gender_…. */
  choiceList: z.string().nullable(),
});

export const Texts = z.record(z.string(), z.string());

export const ProductOption = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['admission', 'addon']),
  price: z.number().int(),
});

/**
 * An uploaded picture as the shop shows it: `<picture>` sources per format, a JPEG `src` as the
 * fallback, the original's width and height for the box (no layout shift), alt text in the language.
 */
export const ShopImage = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  src: z.string(),
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
});
export type ShopImage = z.infer<typeof ShopImage>;
/** The same with its alt text in every language, for answers that are not in one (the configuration). */
export const LocalizedShopImage = ShopImage.extend({ alt: z.record(z.string(), z.string()) });
export type LocalizedShopImage = z.infer<typeof LocalizedShopImage>;

export const Product = z.object({
  id: z.number().int(),
  uuid: z.string(),
  type: z.enum(PRODUCT_TYPES),
  saleType: z.string(),
  salesChannels: z.array(z.enum(SALES_CHANNELS)),
  name: z.string(),
  description: z.string(),
  caution: z.string(),
  presentedBy: z.string(),
  maxPerOrder: z.number().int(),
  /** The lowest paid admission price, for "from ¥…" labels; 0 when every admission is free. */
  priceFrom: z.number().int(),
  hasSetProducts: z.boolean(),
  options: z.array(ProductOption),
  image: ShopImage.nullable(),
  /** Visitors may cancel their own booking until this many hours before its slot, less the fee; null when not. */
  selfCancel: z.object({ hoursBefore: z.number().int(), fee: z.number().int() }).nullable(),
});
export type Product = z.infer<typeof Product>;

export const STOCK_STATUSES = ['available', 'few', 'sold_out', 'closed'] as const;
export const StockStatus = z.enum(STOCK_STATUSES);
export type StockStatus = z.infer<typeof StockStatus>;

export const TimeSpan = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  date: z.string(),
  /** Venue-local wall-clock times, "HH:mm". */
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  capacity: z.number().int(),
  /** Capacity minus sold minus live holds; never negative. */
  remaining: z.number().int(),
  status: StockStatus,
  /**
   * This slot's own prices of some options (a per-date price), which replace those options'
   * prices at this slot; absent when it has none.
   */
  optionPrices: z.array(z.object({ optionId: z.number().int(), price: z.number().int() })).optional(),
});
export type TimeSpan = z.infer<typeof TimeSpan>;

export const ProductSummary = Product.pick({ id: true, uuid: true, type: true, name: true });

export const ProductTimeSpans = z.object({ product: ProductSummary, timeSpans: z.array(TimeSpan) });
export const ProductsSearchResult = z.array(ProductTimeSpans);
export const ProductsSearch2Result = z.array(ProductTimeSpans);

export const ProductStocks = z.object({
  productId: z.number().int(),
  productUuid: z.string(),
  date: z.string(),
  /** Remaining places at or below this count show the low-stock message. */
  lowStockThreshold: z.number().int(),
  timeSpans: z.array(TimeSpan),
});

export const DayStockStatus = z.object({ date: z.string(), status: StockStatus, remaining: z.number().int() });
export const StockStatuses = z.array(DayStockStatus);

export const OrderableStock = z.object({
  productTimeSpanId: z.number().int(),
  remaining: z.number().int(),
  /** What one order may take now: the smaller of remaining places and the product's limit. */
  maxOrderable: z.number().int(),
  status: StockStatus,
});

export const SetProduct = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  remaining: z.number().int(),
});
export const SetProductsSearchResult = z.array(
  z.object({ mainProductTimeSpanId: z.number().int(), setProducts: z.array(SetProduct) }),
);

export const PaymentMethod = z.object({
  method: z.enum(PAYMENT_METHOD_IDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  name: z.string(),
  position: z.number().int(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethods = z.array(PaymentMethod);

export const CalendarColor = z.object({ date: z.string(), color_code: z.string() });
export const CalendarColors = z.array(CalendarColor);

export const Configuration = z.object({
  siteCode: z.string(),
  variant: z.string(),
  kind: z.enum(['exhibition', 'cafe']),
  appMode: z.enum(['demo', 'reconnect', 'production']),
  currency: z.enum(CURRENCIES),
  timeZone: z.string(),
  isStartMailConfirmOnly: z.boolean(),
  mailConfirm: z.object({ customerEmailConfirm: z.boolean(), confirmByMail: z.boolean() }),
  hasMembershipLogin: z.boolean(),
  pageTitle: z.record(z.string(), z.string()),
  signInFields: z.object({
    residentAreaField: z.enum(['text', 'select']),
    residentAreaList: z.enum(['countries', 'prefectures', 'regions', 'residence']),
    ageBands: z.enum(['teens_to_70', 'young_adult_to_80']),
    genderChoices: z.enum(['man_woman', 'male_female_other']),
    noSelectValue: z.enum(['empty', 'none', 'noSend']),
  }),
  logos: z.object({ header: z.string().nullable(), footer: z.string().nullable() }),
  orderProcedure: z.enum(['product_first', 'date_first']),
  isCalendarColoured: z.boolean(),
  showsSmartphoneAppModal: z.boolean(),
  ticketDisplay: z.object({
    type: z.enum(['fusion', 'separate']),
    headerColor: z.object({ pc: z.string(), sp: z.string() }),
    showsHeaderLogo: z.object({ pc: z.boolean(), sp: z.boolean() }),
  }),
  paymentProviderKeys: z.record(z.string(), z.record(z.string(), z.string())),
  tagManagerIds: z.array(z.string()),
  holdMinutes: z.number().int(),
  lowStockThreshold: z.number().int(),
  theme: z.object({
    primary: z.string(),
    onPrimary: z.string(),
    background: z.string(),
    text: z.string(),
    accent: z.string(),
    logoSvg: z.string(),
  }),
  venue: z.object({
    name: z.record(z.string(), z.string()),
    address: z.record(z.string(), z.string()),
    email: z.string(),
    phone: z.string(),
  }),
  /** The venue's picture at the top of the order page; null for none. */
  heroImage: LocalizedShopImage.nullable(),
  /** Operator key/value settings (help and app links and the like). */
  values: z.record(z.string(), z.unknown()),
});
export type Configuration = z.infer<typeof Configuration>;

export const Gtm = z.object({ id: z.string(), dataLayerName: z.string() });
