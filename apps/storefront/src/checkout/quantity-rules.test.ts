import { priceOrder } from '@storefront/domain/pricing/price-order';
import { describe, expect, it } from 'vitest';
import {
  admissionLimit,
  admissionsOf,
  conversionDataOf,
  createOrderBody,
  optionMax,
  orderProblem,
  pricingInput,
  setProductMax,
  updateOrderBody,
} from './quantity-rules.ts';

const product = {
  uuid: '6f1c2f0e-2a54-4a51-9a77-6d5f0f1c9b10',
  maxPerOrder: 10,
  options: [
    { id: 1, name: 'Adult', type: 'admission' as const, price: 2000 },
    { id: 2, name: 'Child', type: 'admission' as const, price: 1000 },
    { id: 3, name: 'Audio guide', type: 'addon' as const, price: 500 },
  ],
};
const slot = (remaining: number, status: 'available' | 'few' | 'sold_out' | 'closed' = 'available') => ({ remaining, status });
const setProducts = [
  { id: 7, name: 'Tote bag', price: 1800, remaining: 3 },
  { id: 8, name: 'Poster', price: 900, remaining: 0 },
];

describe('admissions', () => {
  it('counts admission options as places and add-ons not', () => {
    expect(admissionsOf(product, { '1': 2, '2': 1, '3': 5 })).toBe(3);
  });

  it('limits admissions by maxPerOrder and by the slot remaining', () => {
    expect(admissionLimit(product, null)).toBe(10);
    expect(admissionLimit(product, slot(4))).toBe(4);
    expect(admissionLimit(product, slot(50))).toBe(10);
    expect(admissionLimit(product, slot(0))).toBe(0);
  });

  it('offers each admission the room the others leave', () => {
    const options = { '1': 3, '2': 1 };
    expect(optionMax(product, slot(6), options, 1)).toBe(5);
    expect(optionMax(product, slot(6), options, 2)).toBe(3);
  });

  it('offers add-ons up to maxPerOrder whatever the places left', () => {
    expect(optionMax(product, slot(2), { '1': 2 }, 3)).toBe(10);
  });

  it('never offers less than the quantity already chosen', () => {
    expect(optionMax(product, slot(2), { '1': 5 }, 1)).toBe(5);
    expect(setProductMax({ id: 7, remaining: 1 }, { '7': 2 })).toBe(2);
    expect(setProductMax({ id: 7, remaining: 3 }, {})).toBe(3);
  });
});

describe('order problems', () => {
  const base = { product, setProducts, setProductQuantities: {} };

  it('needs an open slot', () => {
    expect(orderProblem({ ...base, slot: null, options: { '1': 1 } })).toBe('no_slot');
    expect(orderProblem({ ...base, slot: slot(0, 'sold_out'), options: { '1': 1 } })).toBe('slot_unavailable');
    expect(orderProblem({ ...base, slot: slot(5, 'closed'), options: { '1': 1 } })).toBe('slot_unavailable');
  });

  it('needs at least one admission; an add-on alone is not enough', () => {
    expect(orderProblem({ ...base, slot: slot(5), options: {} })).toBe('no_admission');
    expect(orderProblem({ ...base, slot: slot(5), options: { '3': 1 } })).toBe('no_admission');
  });

  it('refuses more admissions than the slot or the product allows', () => {
    expect(orderProblem({ ...base, slot: slot(2, 'few'), options: { '1': 2, '2': 1 } })).toBe('over_limit');
    expect(orderProblem({ ...base, slot: slot(50), options: { '1': 11 } })).toBe('over_limit');
    expect(orderProblem({ ...base, slot: slot(50), options: { '1': 1, '3': 11 } })).toBe('over_limit');
  });

  it('refuses more set products than remain for the slot', () => {
    expect(orderProblem({ ...base, slot: slot(5), options: { '1': 1 }, setProductQuantities: { '7': 4 } })).toBe(
      'set_product_over_remaining',
    );
  });

  it('accepts a valid order', () => {
    expect(
      orderProblem({ ...base, slot: slot(3, 'few'), options: { '1': 2, '2': 1, '3': 4 }, setProductQuantities: { '7': 3 } }),
    ).toBeNull();
  });
});

describe('what is sent', () => {
  const selection = {
    product,
    timeSpanId: 42,
    options: { '2': 1, '1': 2, '3': 1 },
    setProducts,
    setProductQuantities: { '7': 1, '8': 0 },
  };

  it('builds the create-order payload with quantity = admissions, in the product order', () => {
    expect(createOrderBody('en', selection)).toEqual({
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: 42,
      quantity: 3,
      option_values: [
        { option_value_id: 1, quantity: 2 },
        { option_value_id: 2, quantity: 1 },
        { option_value_id: 3, quantity: 1 },
      ],
      set_products: [{ set_product_id: 7, quantity: 1 }],
    });
  });

  it('builds the change payload without product or language', () => {
    expect(updateOrderBody(selection)).toEqual({
      time_span_id: 42,
      quantity: 3,
      option_values: [
        { option_value_id: 1, quantity: 2 },
        { option_value_id: 2, quantity: 1 },
        { option_value_id: 3, quantity: 1 },
      ],
      set_products: [{ set_product_id: 7, quantity: 1 }],
    });
  });

  it('prices the page with the server maths and tracks each chosen option', () => {
    const priced = priceOrder(pricingInput(product, selection.options, setProducts, selection.setProductQuantities));
    expect(priced.subtotal).toBe(2 * 2000 + 1000 + 500 + 1800);
    expect(priced.admissions).toBe(3);
    const conversion = conversionDataOf(42, priced);
    expect(conversion).toEqual({
      timeSpanId: 42,
      options: [
        { name: 'Adult', price: 2000, count: 2 },
        { name: 'Child', price: 1000, count: 1 },
        { name: 'Audio guide', price: 500, count: 1 },
      ],
    });
  });
});
