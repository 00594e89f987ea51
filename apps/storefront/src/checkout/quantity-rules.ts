/**
 * Quantity rules of the order page and what it sends. Admission options take places (they count
 * against the product's maxPerOrder and the slot's remaining places); add-ons do not. Set products
 * are limited by what is left of them for the chosen slot. The server checks the same rules.
 */
import type { Product, SetProduct, TimeSpan } from '@storefront/domain/api/catalogue';
import type { CreateOrderBody, UpdateOrderBody } from '@storefront/domain/api/orders';
import type { LanguageCode } from '@storefront/domain/constants';
import type { PriceOrderInput } from '@storefront/domain/pricing/price-order';
import type { z } from 'zod';

export type SetProductData = z.infer<typeof SetProduct>;
/** Option or set product id → quantity, as kept in the saved order page. */
export type Quantities = Record<string, number>;

/** The most of one line the order contract accepts. */
const MAX_LINE_QUANTITY = 100;

type ProductRules = Pick<Product, 'maxPerOrder' | 'options'>;
type SlotRules = Pick<TimeSpan, 'remaining' | 'status'>;

const quantityOf = (quantities: Quantities, id: number) => quantities[String(id)] ?? 0;

/** Places the order takes: the admission options' quantities together. */
export function admissionsOf(product: ProductRules, options: Quantities): number {
  return product.options.filter((o) => o.type === 'admission').reduce((sum, o) => sum + quantityOf(options, o.id), 0);
}

/** The most admissions one order may have: the product's limit, and the slot's remaining places once chosen. */
export function admissionLimit(product: ProductRules, slot: SlotRules | null): number {
  return Math.max(0, Math.min(product.maxPerOrder, MAX_LINE_QUANTITY, slot ? slot.remaining : product.maxPerOrder));
}

/**
 * The highest quantity one option's picker offers. An admission gets the room the others leave;
 * an add-on is not a place, so only the product's per-order limit bounds it. Never below the
 * current quantity, so a restored order that is now over a limit can still be seen and lowered.
 */
export function optionMax(product: ProductRules, slot: SlotRules | null, options: Quantities, optionId: number): number {
  const option = product.options.find((o) => o.id === optionId);
  if (!option) return 0;
  const current = quantityOf(options, optionId);
  if (option.type === 'addon') return Math.max(current, Math.min(product.maxPerOrder, MAX_LINE_QUANTITY));
  const others = admissionsOf(product, options) - current;
  return Math.max(current, admissionLimit(product, slot) - others);
}

export function setProductMax(setProduct: Pick<SetProductData, 'id' | 'remaining'>, quantities: Quantities): number {
  return Math.max(quantityOf(quantities, setProduct.id), Math.min(setProduct.remaining, MAX_LINE_QUANTITY));
}

export type OrderProblem = 'no_slot' | 'slot_unavailable' | 'no_admission' | 'over_limit' | 'set_product_over_remaining';

/** Why the order cannot be sent yet, or null when it can. */
export function orderProblem(input: {
  product: ProductRules;
  slot: SlotRules | null;
  options: Quantities;
  setProducts: readonly Pick<SetProductData, 'id' | 'remaining'>[];
  setProductQuantities: Quantities;
}): OrderProblem | null {
  const { product, slot } = input;
  if (!slot) return 'no_slot';
  if (slot.status === 'closed' || slot.status === 'sold_out') return 'slot_unavailable';
  const admissions = admissionsOf(product, input.options);
  if (admissions < 1) return 'no_admission';
  if (admissions > admissionLimit(product, slot)) return 'over_limit';
  const addonLimit = Math.min(product.maxPerOrder, MAX_LINE_QUANTITY);
  if (product.options.some((o) => o.type === 'addon' && quantityOf(input.options, o.id) > addonLimit)) return 'over_limit';
  for (const setProduct of input.setProducts) {
    if (quantityOf(input.setProductQuantities, setProduct.id) > Math.min(setProduct.remaining, MAX_LINE_QUANTITY)) {
      return 'set_product_over_remaining';
    }
  }
  return null;
}

/** Positive quantities as the wire lists them, in the product's own order. */
function optionValuesOf(product: ProductRules, options: Quantities) {
  return product.options
    .filter((o) => quantityOf(options, o.id) > 0)
    .map((o) => ({ option_value_id: o.id, quantity: quantityOf(options, o.id) }));
}

function setProductValuesOf(setProducts: readonly Pick<SetProductData, 'id'>[], quantities: Quantities) {
  return setProducts
    .filter((s) => quantityOf(quantities, s.id) > 0)
    .map((s) => ({ set_product_id: s.id, quantity: quantityOf(quantities, s.id) }));
}

type Selection = {
  product: ProductRules & Pick<Product, 'uuid'>;
  timeSpanId: number;
  options: Quantities;
  setProducts: readonly Pick<SetProductData, 'id'>[];
  setProductQuantities: Quantities;
};

/** The create-order payload of SPEC §3: `quantity` is the number of admissions. */
export function createOrderBody(lang: LanguageCode, selection: Selection): z.input<typeof CreateOrderBody> {
  return {
    lang,
    product_uuid: selection.product.uuid,
    time_span_id: selection.timeSpanId,
    quantity: admissionsOf(selection.product, selection.options),
    option_values: optionValuesOf(selection.product, selection.options),
    set_products: setProductValuesOf(selection.setProducts, selection.setProductQuantities),
  };
}

/** A new selection for an existing temporary order (the product stays the order's own). */
export function updateOrderBody(selection: Selection): z.input<typeof UpdateOrderBody> {
  return {
    time_span_id: selection.timeSpanId,
    quantity: admissionsOf(selection.product, selection.options),
    option_values: optionValuesOf(selection.product, selection.options),
    set_products: setProductValuesOf(selection.setProducts, selection.setProductQuantities),
  };
}

/** What `priceOrder` needs for the page's subtotal: no coupons yet, as on the server. */
/**
 * The product as it is sold at a slot: the slot's own prices (a per-date price) replace its
 * options' prices, so the quantities, the subtotal and the order all show what the slot costs.
 */
export function atSlotPrices<P extends Pick<Product, 'options'>>(
  product: P,
  slot: { optionPrices?: readonly { optionId: number; price: number }[] | undefined } | null,
): P {
  const own = slot?.optionPrices;
  if (!own || own.length === 0) return product;
  return {
    ...product,
    options: product.options.map((o) => ({ ...o, price: own.find((p) => p.optionId === o.id)?.price ?? o.price })),
  };
}

export function pricingInput(
  product: Pick<Product, 'options'>,
  options: Quantities,
  setProducts: readonly Pick<SetProductData, 'id' | 'name' | 'price'>[],
  setProductQuantities: Quantities,
): PriceOrderInput {
  return {
    options: product.options.map((o) => ({ ...o, quantity: quantityOf(options, o.id) })),
    setProducts: setProducts.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      quantity: quantityOf(setProductQuantities, s.id),
    })),
    coupons: [],
    membershipPromotion: null,
  };
}

export type ConversionData = { timeSpanId: number; options: { name: string; price: number; count: number }[] };

/** Conversion tracking data (SPEC §3): each chosen option with its unit price and count. */
export function conversionDataOf(
  timeSpanId: number,
  priced: { lines: readonly { kind: string; name: string; unitPrice: number; quantity: number }[] },
) {
  return {
    timeSpanId,
    options: priced.lines
      .filter((l) => l.kind === 'option' && l.quantity > 0)
      .map((l) => ({ name: l.name, price: l.unitPrice, count: l.quantity })),
  } satisfies ConversionData;
}
