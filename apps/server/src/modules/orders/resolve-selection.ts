/** Checks what a visitor chose against the product and its slot, and what it costs. */
import type { CreateOrderBody } from '@storefront/domain/api/orders';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { findTimeSpan } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import type { OptionValue, SetProductValue } from './orders.schema.ts';
import type { ProductBundles } from './product-bundles.ts';
import { slotRefusal } from './sales-channels.ts';

export type Selection = Pick<CreateOrderBody, 'time_span_id' | 'quantity'> & {
  option_values: OptionValue[];
  set_products: SetProductValue[];
};

/**
 * Which prices a selection is reckoned at: `current` the catalogue's now (the slot's own price of
 * an option, else the option's), for a new choice; `kept` the unit prices the order kept when the
 * visitor chose (the current ones for any item without), for the rest of their purchase.
 */
export type PriceBasis = 'current' | 'kept';

/**
 * Checks a selection against the product and prices it. The answer's `optionValues` and
 * `setProductValues` are the selection as an order keeps it, each item with its unit price.
 */
export async function resolveSelection(
  tx: Database,
  bundles: ProductBundles,
  productId: number,
  selection: Selection,
  lang: string,
  basis: PriceBasis = 'current',
) {
  const { options: optionRows, setProducts: setProductRows } = await bundles.require(tx, productId);
  const slotPrices = await bundles.slotPrices(tx, selection.time_span_id);
  const keptPrice = (value: { unit_price?: number | undefined }) => (basis === 'kept' ? value.unit_price : undefined);
  const options = selection.option_values.map((value) => {
    const option = optionRows.find((o) => o.id === value.option_value_id);
    if (!option)
      throw specError('option_value_id not found', {
        message: `option_value_id ${value.option_value_id} is not an option of this product`,
      });
    return {
      id: option.id,
      name: localize(option.name, lang),
      type: option.type,
      price: keptPrice(value) ?? slotPrices.get(option.id) ?? option.price,
      quantity: value.quantity,
    };
  });
  if (new Set(options.map((o) => o.id)).size !== options.length) throw invalidField('option_values', 'lists an option twice');
  const setProducts = selection.set_products.map((value) => {
    const setProduct = setProductRows.find((s) => s.id === value.set_product_id);
    if (!setProduct) throw invalidField('set_products', `has ${value.set_product_id}, which is not sold with this product`);
    return {
      id: setProduct.id,
      name: localize(setProduct.name, lang),
      price: keptPrice(value) ?? setProduct.price,
      quantity: value.quantity,
    };
  });
  if (new Set(setProducts.map((s) => s.id)).size !== setProducts.length)
    throw invalidField('set_products', 'lists a set product twice');
  const admissions = options.filter((o) => o.type === 'admission').reduce((sum, o) => sum + o.quantity, 0);
  if (admissions !== selection.quantity) {
    throw invalidField('quantity', `is ${selection.quantity} but the admission options add up to ${admissions}`);
  }
  const optionValues: OptionValue[] = options.map((o) => ({ option_value_id: o.id, quantity: o.quantity, unit_price: o.price }));
  const setProductValues: SetProductValue[] = setProducts.map((s) => ({
    set_product_id: s.id,
    quantity: s.quantity,
    unit_price: s.price,
  }));
  return { options, setProducts, admissions, optionValues, setProductValues };
}

/** Refuses more admissions than the product sells in one order. */
export function checkMaxPerOrder(admissions: number, maxPerOrder: number): void {
  if (admissions > maxPerOrder) throw invalidField('quantity', `must be at most ${maxPerOrder} for this product`);
}

/** A slot the order may take: on sale, not over, and allowed on the order's channel. */
export async function checkSlot(tx: Database, site: Site, channel: string, productId: number, timeSpanId: number) {
  const span = await findTimeSpan(tx, productId, timeSpanId);
  if (!span) throw specError('no stock has been registered for this product');
  if (!span.isOnSale || span.isPast) throw specError('ticket not on sale now');
  const refusal = slotRefusal(channel, span, site.timeZone);
  if (refusal) throw specError('ticket not on sale now', { message: refusal });
  return span;
}
