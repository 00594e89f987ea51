/**
 * The order page's reads, step by step: what the venue sells, on which days, at which times, with
 * which set products; each answer narrows the selection (order-state.ts). The visit's own
 * temporary order holds places; changing or replacing it frees them for this visitor, so its
 * places count as free here.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SavedOrderPage } from '../../checkout/flow.ts';
import { type Known, ownHoldOf, reconcile, type Selection, withHeld } from '../../checkout/order-state.ts';
import type { PurchaseApi } from '../../checkout/purchase-api.ts';
import type { AppEnvironment } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import { orderQueries } from './api/order-queries.ts';

export function useOrderStock(
  app: AppEnvironment,
  purchase: PurchaseApi,
  visit: { today: string; range: { from: string; to: string }; saved: SavedOrderPage | null; hasOrder: boolean },
  selection: Selection,
) {
  const { config } = app;
  const procedure = config.orderProcedure;
  const { today, range, saved, hasOrder } = visit;
  const productsQuery = useQuery(catalogueQueries.products(app));
  const products = useMemo(() => productsQuery.data?.filter((p) => p.salesChannels.includes('web')), [productsQuery.data]);
  const productFor = (uuid: string | null) => products?.find((p) => p.uuid === uuid);
  const known: Known = { today, procedure, products };
  const hold = useMemo(() => ownHoldOf(saved, hasOrder, products), [saved, hasOrder, products]);
  const threshold = config.lowStockThreshold;
  const isHeldProduct = (uuid: string | undefined) => hold !== null && uuid === hold.productUuid;
  const heldPlaces = () => hold?.admissions ?? 0;

  const statusProduct = procedure === 'product_first' ? productFor(selection.productUuid) : undefined;
  const statusesQuery = useQuery({
    ...orderQueries.stockStatuses(app, purchase, range, statusProduct?.uuid),
    enabled: procedure === 'date_first' || statusProduct !== undefined,
  });
  const colorsQuery = useQuery({
    ...orderQueries.calendarColors(app, purchase, range),
    enabled: config.isCalendarColoured,
  });
  const dayStatuses =
    statusesQuery.data && (procedure === 'date_first' || isHeldProduct(statusProduct?.uuid))
      ? withHeld(statusesQuery.data, (day) => day.date === hold?.date, heldPlaces, threshold)
      : statusesQuery.data;
  known.dayStatuses = dayStatuses;

  const dayDate = reconcile(selection, known).date;
  const dayProductsQuery = useQuery({
    ...orderQueries.dayProducts(app, dayDate),
    enabled: procedure === 'date_first' && dayDate !== null,
  });
  const dayProducts = dayProductsQuery.data
    ?.filter((entry) => entry.timeSpans.length > 0)
    .map((entry) =>
      isHeldProduct(entry.product.uuid)
        ? { ...entry, timeSpans: withHeld(entry.timeSpans, (span) => span.id === hold?.timeSpanId, heldPlaces, threshold) }
        : entry,
    );
  if (procedure === 'date_first' && dayProducts) known.dayProducts = dayProducts.map((entry) => entry.product.uuid);

  const settled = reconcile(selection, known);
  const product = productFor(settled.productUuid);
  const stocksQuery = useQuery({
    ...orderQueries.stocks(app, purchase, product?.id, settled.date),
    enabled: product !== undefined && settled.date !== null,
  });
  const timeSpans =
    stocksQuery.data && isHeldProduct(product?.uuid)
      ? withHeld(stocksQuery.data.timeSpans, (span) => span.id === hold?.timeSpanId, heldPlaces, threshold)
      : stocksQuery.data?.timeSpans;
  known.timeSpans = timeSpans;

  const slotId = reconcile(selection, known).timeSpanId;
  const setProductsQuery = useQuery({
    ...orderQueries.setProducts(app, purchase, slotId),
    enabled: slotId !== null && product?.hasSetProducts === true,
  });
  const slotSetProducts = product?.hasSetProducts ? setProductsQuery.data?.[0]?.setProducts : [];
  const setProducts =
    slotSetProducts && hold && slotId === hold.timeSpanId
      ? withHeld(
          slotSetProducts,
          () => true,
          (item) => hold.setProducts[String(item.id)] ?? 0,
          threshold,
        )
      : slotSetProducts;
  known.setProducts = setProducts;

  const view = reconcile(selection, known);
  const slot = timeSpans?.find((span) => span.id === view.timeSpanId) ?? null;
  return { products, productFor, dayStatuses, colorsQuery, dayProducts, product, timeSpans, setProducts, view, slot };
}
