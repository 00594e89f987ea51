/** The product form's values: the contract plus the venue's rule, a product as those values, and the form its sections share. */
import {
  type ConsoleProduct,
  defaultLanguageProblem,
  NewProductBody,
  type PRODUCT_SALE_TYPES,
} from '@storefront/domain/console/products';
import type { LanguageCode, SALES_CHANNELS } from '@storefront/domain/constants';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';

export type FormInput = z.input<typeof NewProductBody>;
export type ProductFormApi = UseFormReturn<FormInput, unknown, z.output<typeof NewProductBody>>;

/** The contract, plus the venue's rule: names in its default language. */
export function productForm(defaultLanguage: LanguageCode) {
  return NewProductBody.superRefine((body, ctx) => {
    const check = (path: (string | number)[], text: Partial<Record<LanguageCode, string>>) => {
      if (defaultLanguageProblem(text, defaultLanguage)) ctx.addIssue({ code: 'custom', path, message: 'default language' });
    };
    check(['name'], body.name);
    for (const [index, option] of body.options.entries()) check(['options', index, 'name'], option.name);
    for (const [index, item] of body.set_products.entries()) check(['set_products', index, 'name'], item.name);
  });
}

export function toForm(product: ConsoleProduct | null): FormInput {
  if (!product) {
    return {
      key: '',
      type: 'time',
      sale_type: 'ticket',
      sales_channels: ['web'],
      name: {},
      description: {},
      caution: {},
      presented_by: {},
      max_per_order: 10,
      image_id: null,
      options: [{ type: 'admission', name: {}, price: 0 }],
      set_products: [],
      self_cancel: null,
    };
  }
  return {
    key: product.key,
    type: product.type,
    sale_type: product.sale_type as (typeof PRODUCT_SALE_TYPES)[number],
    sales_channels: product.sales_channels as (typeof SALES_CHANNELS)[number][],
    name: product.name,
    description: product.description,
    caution: product.caution,
    presented_by: product.presented_by,
    max_per_order: product.max_per_order,
    position: product.position,
    image_id: product.image?.id ?? null,
    options: product.options.map((o) => ({ id: o.id, key: o.key, type: o.type, name: o.name, price: o.price })),
    set_products: product.set_products.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      description: s.description,
      price: s.price,
      capacity_per_slot: s.capacity_per_slot,
    })),
    self_cancel: product.self_cancel,
  };
}

export const languageName = (code: string) => LANGUAGE_NAMES[code as LanguageCode] ?? code;
