import { LANGUAGE_CODES, PAYMENT_METHOD_IDS } from '@storefront/domain/constants';
import { paymentMethodNames } from '@storefront/domain/payments';
import { describe, expect, it } from 'vitest';
import { siteSeeds } from './sites.ts';
import { baseTexts } from './texts.ts';
import type { Localized } from './types.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every Localized value inside a seed object, with its path. */
function localizedValues(value: unknown, path: string): [string, Localized][] {
  if (value === null || typeof value !== 'object') return [];
  const keys = Object.keys(value);
  if (keys.includes('ja') && keys.includes('en') && keys.every((k) => (LANGUAGE_CODES as readonly string[]).includes(k))) {
    return [[path, value as Localized]];
  }
  return Object.entries(value).flatMap(([key, inner]) => (key === 'texts' ? [] : localizedValues(inner, `${path}.${key}`)));
}

describe('shared texts', () => {
  const jaKeys = Object.keys(baseTexts.ja);

  it.each(LANGUAGE_CODES)('%s has every key ja has and no empty text', (lang) => {
    const texts = baseTexts[lang];
    expect(jaKeys.filter((key) => !(key in texts))).toEqual([]);
    expect(
      Object.entries(texts)
        .filter(([, value]) => value.trim() === '')
        .map(([key]) => key),
    ).toEqual([]);
  });

  it.each(LANGUAGE_CODES)('%s keeps the placeholders of ja', (lang) => {
    const mismatched = jaKeys.filter(
      (key) => JSON.stringify(placeholders(baseTexts[lang][key] ?? '')) !== JSON.stringify(placeholders(baseTexts.ja[key] ?? '')),
    );
    expect(mismatched).toEqual([]);
  });

  // The payment step in a browser is tried once per language (payments.e2e.test.ts); here every
  // language's names for the methods, as a venue that offers them all shows them.
  it.each(LANGUAGE_CODES)('%s names every payment method, each apart from the others, never by its identifier', (lang) => {
    const names = paymentMethodNames(PAYMENT_METHOD_IDS, (key) => baseTexts[lang][key]);
    const shown = [...names.values()];
    expect(PAYMENT_METHOD_IDS.filter((id) => names.get(id) === id)).toEqual([]);
    expect(shown.filter((name, index) => shown.indexOf(name) !== index)).toEqual([]);
  });

  it('has the texts the specification names', () => {
    for (const key of [
      'error_page_not_found_title',
      'error_page_not_found_content',
      'common_validate_required',
      'common_validate_max',
      'common_validate_min',
      'common_validate_num',
      'customer_name_validate',
      'customer_name_containing_half_width_spaces_validate',
      'common_validate_expired',
      'mail_validate_invalid',
      'common_validate_phone',
      'mail_validate_defferent',
      'common_validate_alpha_num',
      'order_low_stock',
    ]) {
      expect(baseTexts.ja, key).toHaveProperty(key);
    }
    expect(baseTexts.en.error_connection_title).toBe('We were unable to connect to the server');
    expect(baseTexts.en.error_connection_text).toBe('The connection is unstable. Please try again.');
    expect(baseTexts.ja.error_connection_title).toBe('通信ができませんでした');
    expect(baseTexts.ja.error_connection_text).toBe('通信が不安定です。再度お試しください。');
    expect(placeholders(baseTexts.en.order_low_stock ?? '')).toEqual(['count']);
  });
});

describe('demo sites', () => {
  it('has fifteen venues with the variants of the specification, borderless first', () => {
    const variants = siteSeeds.map((s) => s.variant);
    expect(variants).toHaveLength(15);
    expect(variants[0]).toBe('borderless');
    for (const v of ['lab-exhibition', 'demo', 'ruins', 'izura', 'cancanfactory', 'mori', 'okinawa', 'ishikawa', 'gaprao']) {
      expect(variants).toContain(v);
    }
    expect(new Set(variants).size).toBe(15);
    expect(new Set(siteSeeds.map((s) => s.code)).size).toBe(15);
    expect(siteSeeds.filter((s) => s.kind === 'cafe')).toHaveLength(1);
  });

  it.each(siteSeeds.map((s) => [s.variant, s] as const))('%s has a sellable catalogue', (_variant, site) => {
    expect(site.products.length).toBeGreaterThanOrEqual(2);
    expect(site.products.length).toBeLessThanOrEqual(4);
    for (const product of site.products) {
      expect(product.options.length).toBeGreaterThan(0);
      expect(product.options.some((o) => o.type === 'admission')).toBe(true);
      expect(product.capacity).toBeGreaterThan(0);
      expect(product.opensAt < product.closesAt).toBe(true);
    }
    expect(site.products.some((p) => p.setProducts.length > 0)).toBe(true);
    expect(site.coupons.some((c) => c.discountType === 'percent')).toBe(true);
    expect(site.coupons.some((c) => c.discountType === 'fixed')).toBe(true);
    expect(site.paymentMethods.some((m) => m.method === 'free' && m.provider === 'free')).toBe(true);
    expect(site.hasMembershipLogin).toBe(site.membershipPromotions.length > 0);
  });

  it.each(siteSeeds.map((s) => [s.variant, s] as const))('%s is written in all six languages', (_variant, site) => {
    const gaps = localizedValues(site, site.variant).flatMap(([path, text]) =>
      LANGUAGE_CODES.filter((lang) => !text[lang]?.trim()).map((lang) => `${path}.${lang}`),
    );
    expect(gaps).toEqual([]);
    const siteKeys = Object.keys(site.texts.ja ?? {});
    for (const lang of LANGUAGE_CODES) {
      const texts = site.texts[lang] ?? {};
      expect(
        siteKeys.filter((key) => !texts[key]?.trim()),
        `${site.variant} ${lang}`,
      ).toEqual([]);
    }
  });

  it('gives every coupon a code no other site uses', () => {
    const codes = siteSeeds.flatMap((s) => s.coupons.map((c) => c.code));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives each venue its own look', () => {
    expect(new Set(siteSeeds.map((s) => s.theme.primary)).size).toBe(15);
    expect(new Set(siteSeeds.map((s) => s.theme.logoSvg)).size).toBe(15);
    for (const site of siteSeeds) expect(site.theme.logoSvg).not.toMatch(/<script|href=|on\w+=/i);
  });
});

describe('the cafe wording', () => {
  const cafe = siteSeeds.find((site) => site.variant === 'cafe-lumen');
  // The texts a guest booking a table sees on the order, details, confirm, complete and booking pages.
  const bookingKeys = [
    'common_ticket_count',
    'footer_order',
    'step_order',
    'order_title',
    'order_choose_product',
    'order_options',
    'order_max_per_order',
    'order_select_quantity',
    'order_hold_notice',
    'signin_text',
    'confirm_product',
    'confirm_options',
    'confirm_hold_until',
    'complete_mail_sent',
    'complete_view_ticket',
    'ticket_title',
    'ticket_product',
    'ticket_back',
    'receipt_description',
  ];
  const ticketWords: Record<string, RegExp> = {
    en: /ticket/i,
    ja: /チケット|枚/,
    kr: /티켓|매/,
    th: /ตั๋ว|บัตร/,
    'zh-hans': /门票|票/,
    'zh-hant': /門票|票券|票/,
  };

  it.each(LANGUAGE_CODES)('%s says booking and table words where the shop says ticket words', (lang) => {
    const texts = cafe?.texts[lang] ?? {};
    expect(bookingKeys.filter((key) => !(key in texts))).toEqual([]);
    expect(bookingKeys.filter((key) => ticketWords[lang]?.test(texts[key] ?? ''))).toEqual([]);
    expect(ticketWords[lang]?.test(texts.cafe_cancellation_policy ?? '')).toBe(false);
    // Each keeps the placeholders of the shared text it replaces.
    expect(
      bookingKeys.filter(
        (key) => JSON.stringify(placeholders(texts[key] ?? '')) !== JSON.stringify(placeholders(baseTexts[lang][key] ?? '')),
      ),
    ).toEqual([]);
  });
});
