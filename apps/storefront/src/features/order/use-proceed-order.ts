/**
 * Proceeding from the order page: a new temporary order, or the same one changed when the visitor
 * came back to change it; then on to the next step of the site's flow.
 */
import type { PricedOrder } from '@storefront/domain/pricing/price-order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { afterOrder, type SavedOrderPage } from '../../checkout/flow.ts';
import type { PurchaseApi } from '../../checkout/purchase-api.ts';
import { conversionDataOf, createOrderBody, updateOrderBody } from '../../checkout/quantity-rules.ts';
import type { AppEnvironment } from '../../lib/app-context.tsx';
import { orderQueries } from './api/order-queries.ts';

type Chosen = {
  product: { uuid: string } | undefined;
  slot: { id: number } | null;
  priced: PricedOrder | null;
  quantities: Omit<Parameters<typeof createOrderBody>[1], 'timeSpanId'>;
};

export function useProceedOrder(
  app: AppEnvironment,
  purchase: PurchaseApi,
  visit: { isChange: boolean; saved: SavedOrderPage | null },
) {
  const { config, lang, session } = app;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, slot, priced, quantities }: Chosen) => {
      if (!product || !slot || !priced) throw new Error('the order is not complete');
      const chosen = { ...quantities, timeSpanId: slot.id };
      const token = session.get('orderToken');
      // A change keeps its temporary order (and its hold) when the product stays the same.
      const isUpdate = visit.isChange && token !== null && visit.saved?.productUuid === product.uuid;
      let orderToken: string;
      if (isUpdate) {
        orderToken = (await purchase.updateOrder(token, updateOrderBody(chosen))).order_token;
      } else {
        // An earlier temporary order of this visit would otherwise keep its places held.
        if (token) {
          await purchase.cancelOrder(token).catch(() => undefined);
          session.remove('orderToken');
        }
        orderToken = (await purchase.createOrder(createOrderBody(lang, chosen))).order_token;
      }
      session.set('orderToken', orderToken);
      session.set('conversionData', conversionDataOf(slot.id, priced));
    },
    onSuccess: () => {
      navigate(visit.isChange && session.get('paymentPage') ? '/confirm' : afterOrder(config));
    },
    // The dialog comes from the app's failure router; the page shows fresh stock behind it.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderQueries.all }),
  });
}
