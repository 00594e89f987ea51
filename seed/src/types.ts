import type {
  DiscountType,
  LanguageCode,
  PaymentMethodId,
  PaymentProviderId,
  ProductType,
  SalesChannel,
} from '@storefront/domain/constants';
import type { DateChangeSettings } from '@storefront/domain/date-change';

/** A text in every language of the product. */
export type Localized = Record<LanguageCode, string>;

export type OptionSeed = {
  /** Stable key inside the product, e.g. "adult". */
  key: string;
  name: Localized;
  /** "admission" options count against the slot's capacity; "addon" ones do not. */
  type: 'admission' | 'addon';
  /** Price in minor units of the site currency (JPY has none: 2400 means ¥2,400). */
  price: number;
};

export type SetProductSeed = {
  key: string;
  name: Localized;
  description: Localized;
  price: number;
  /** How many can be sold with each time slot of the main product. */
  capacityPerSlot: number;
};

export type ProductSeed = {
  key: string;
  type: ProductType;
  /** "ticket" for admissions, "reservation" for seats (the cafe). */
  saleType: 'ticket' | 'reservation';
  salesChannels: SalesChannel[];
  name: Localized;
  description: Localized;
  caution: Localized;
  presentedBy: Localized;
  /** Opening hours in the venue's local time, "HH:mm". Slots start every `slotMinutes` in between. */
  opensAt: string;
  closesAt: string;
  /** 30 for timed entry; a date-type product has one slot for the whole day. */
  slotMinutes: number;
  /** Places per slot. */
  capacity: number;
  /** Most places one order may take. */
  maxPerOrder: number;
  /** Weekdays the venue is closed (0 = Sunday). */
  closedWeekdays: number[];
  options: OptionSeed[];
  setProducts: SetProductSeed[];
  /** Visitors may cancel their own booking until this many hours before the start, the fee kept; absent: they may not. */
  selfCancel?: { hoursBefore: number; fee: number };
};

export type CouponSeed = {
  code: string;
  name: Localized;
  discountType: DiscountType;
  /** Percent (1-100) or a fixed amount in minor units. */
  discountAmount: number;
  /** Days from today the coupon's coverage (visit dates) starts and ends. */
  coverageFromDays: number;
  coverageToDays: number;
  channels: SalesChannel[];
  usageLimit: number | null;
  campaign: string | null;
  isInvitation: boolean;
};

export type MembershipPromotionSeed = {
  key: string;
  name: Localized;
  discountType: DiscountType;
  discountAmount: number;
};

export type PaymentMethodSeed = {
  method: PaymentMethodId;
  provider: PaymentProviderId;
  channels: SalesChannel[];
};

export type SiteTheme = {
  /** Main brand colour, used for buttons and the header accent. Hex "#rrggbb". */
  primary: string;
  /** Text colour on top of `primary`. */
  onPrimary: string;
  /** Page background. */
  background: string;
  /** Main text colour on `background`. */
  text: string;
  /** A second accent for highlights. */
  accent: string;
  /** An SVG logo mark: a single <svg> element with viewBox, no scripts, using currentColor or theme colours. */
  logoSvg: string;
};

export type SiteSeed = {
  variant: string;
  code: string;
  kind: 'exhibition' | 'cafe';
  venueName: Localized;
  /** Browser tab title per language. */
  pageTitle: Localized;
  /** Postal address and contact for receipts and the specified-commercial-transactions page. */
  venueAddress: Localized;
  contactEmail: string;
  contactPhone: string;
  orderProcedure: 'product_first' | 'date_first';
  isCalendarColoured: boolean;
  showsSmartphoneAppModal: boolean;
  hasMembershipLogin: boolean;
  isStartMailConfirmOnly: boolean;
  ticketDisplay: {
    type: 'fusion' | 'separate';
    headerColor: { pc: string; sp: string };
    showsHeaderLogo: { pc: boolean; sp: boolean };
  };
  tagManagerIds: string[];
  /** Minutes a temporary order holds its places. */
  holdMinutes: number;
  /** Date-change rules; the defaults (DEFAULT_DATE_CHANGE_SETTINGS) when left out. */
  dateChange?: DateChangeSettings;
  residentAreaField: 'text' | 'select';
  residentAreaList: 'countries' | 'prefectures' | 'regions' | 'residence';
  ageBands: 'teens_to_70' | 'young_adult_to_80';
  genderChoices: 'man_woman' | 'male_female_other';
  theme: SiteTheme;
  products: ProductSeed[];
  coupons: CouponSeed[];
  membershipPromotions: MembershipPromotionSeed[];
  paymentMethods: PaymentMethodSeed[];
  /** Texts only this site has (or that differ from the shared texts), by language then key. */
  texts: Partial<Record<LanguageCode, Record<string, string>>>;
};
