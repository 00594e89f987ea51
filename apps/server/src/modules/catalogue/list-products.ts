/** Products and their slots as the catalogue answers show them, in a language. */
import type { Product, TimeSpan } from '@storefront/domain/api/catalogue';
import type { ProductType, SalesChannel } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { remainingOf, slotStatus } from '@storefront/domain/stock';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './catalogue.repository.ts';
import { findImages, shopImageOf } from './image-views.ts';

export async function productsOf(db: Database, site: Site, lang: string): Promise<z.infer<typeof Product>[]> {
  const productRows = await repo.listProducts(db, site.id);
  const ids = productRows.map((p) => p.id);
  const [optionRows, setProductRows, pictures] = await Promise.all([
    repo.listOptions(db, ids),
    repo.listSetProducts(db, ids),
    findImages(
      db,
      site.id,
      productRows.map((p) => p.imageId),
    ),
  ]);
  return productRows.map((p) => {
    const image = p.imageId ? pictures.get(p.imageId) : undefined;
    const options = optionRows.filter((o) => o.productId === p.id);
    // Free admissions (infants, carers) would make every "from" price ¥0.
    const admissionPrices = options.filter((o) => o.type === 'admission' && o.price > 0).map((o) => o.price);
    return {
      id: p.id,
      uuid: p.uuid,
      type: p.type,
      saleType: p.saleType,
      salesChannels: p.salesChannels as SalesChannel[],
      name: localize(p.name, lang),
      description: localize(p.description, lang),
      caution: localize(p.caution, lang),
      presentedBy: localize(p.presentedBy, lang),
      maxPerOrder: p.maxPerOrder,
      priceFrom: admissionPrices.length > 0 ? Math.min(...admissionPrices) : 0,
      hasSetProducts: setProductRows.some((s) => s.mainProductId === p.id),
      options: options.map((o) => ({ id: o.id, name: localize(o.name, lang), type: o.type, price: o.price })),
      image: image ? shopImageOf(image, lang) : null,
      selfCancel: p.selfCancelHoursBefore === null ? null : { hoursBefore: p.selfCancelHoursBefore, fee: p.selfCancelFee },
    };
  });
}

export function toTimeSpan(site: Site, row: repo.TimeSpanStockRow): TimeSpan {
  const slot = { capacity: row.capacity, sold: row.sold, held: row.held, isOnSale: row.is_on_sale, isPast: row.is_past };
  const optionPrices = typeof row.option_prices === 'string' ? JSON.parse(row.option_prices) : row.option_prices;
  return {
    id: row.id,
    productId: row.product_id,
    date: row.date,
    startTime: timeOfDayIn(new Date(row.starts_ms), site.timeZone),
    endTime: timeOfDayIn(new Date(row.ends_ms), site.timeZone),
    startsAt: new Date(row.starts_ms).toISOString(),
    endsAt: new Date(row.ends_ms).toISOString(),
    capacity: row.capacity,
    remaining: remainingOf(slot),
    status: slotStatus(slot, site.lowStockThreshold),
    ...(optionPrices ? { optionPrices } : {}),
  };
}

export async function productTimeSpans(
  db: Database,
  site: Site,
  lang: string,
  filter: { from: string; to: string; productUuid?: string; productType?: ProductType },
) {
  const all = await productsOf(db, site, lang);
  const chosen = all.filter(
    (p) => (!filter.productUuid || p.uuid === filter.productUuid) && (!filter.productType || p.type === filter.productType),
  );
  if (filter.productUuid && chosen.length === 0)
    throw specError('record not found', { message: 'product_uuid names no product of this site' });
  const spans = await repo.listTimeSpanStocks(db, {
    siteId: site.id,
    from: filter.from,
    to: filter.to,
    productIds: chosen.map((p) => p.id),
    withPrices: true,
  });
  return chosen.map((p) => ({
    product: { id: p.id, uuid: p.uuid, type: p.type, name: p.name },
    timeSpans: spans.filter((s) => s.product_id === p.id).map((s) => toTimeSpan(site, s)),
  }));
}
