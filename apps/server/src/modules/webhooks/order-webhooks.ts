/**
 * `order.completed` (decision 022): written in the completing transaction by a listener on the
 * order's events, as mail writes its confirmation, so the orders module does not know webhooks.
 */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { OrderEvents } from '../orders/order-events.ts';
import { enqueueWebhookEvent } from './enqueue-webhook-event.ts';

/**
 * What a receiver is told of an order: what the venue sees of it in the console. Never a token
 * (the order's or the reservation's); of the visitor, only the name and address the order was made with.
 */
function orderData(orderId: string, reservationNumber: string, order: TemporaryOrder, visitDate: string, email: string | null) {
  const product = order.mainProduct;
  return {
    order_id: orderId,
    reservation_number: reservationNumber,
    status: order.status,
    lang: order.lang,
    total: order.price,
    subtotal: order.subtotal,
    discount: order.discount,
    payment_method: order.paymentMethod,
    visit_date: visitDate,
    slot: { id: product.productTimeSpanID, from: product.reservationFrom, to: product.reservationTo },
    product: { id: product.uuid, name: product.name, quantity: product.quantity },
    options: product.options.map((o) => ({ id: o.id, name: o.name, price: o.price, quantity: o.quantity })),
    set_products: order.setProducts,
    coupons: order.coupons.map((c) => ({ code: c.code, name: c.name, discount: c.discount })),
    customer: { name: order.customerInfo?.name ?? null, email: email ?? order.customerInfo?.email ?? null },
  };
}

export function subscribeOrderWebhooks(events: OrderEvents, options: { kick: () => void }): void {
  // Orders whose completion wrote deliveries: only those wake the worker once committed, so a
  // rush at a venue without receivers costs the database nothing more. An id whose transaction
  // rolled back stays behind; the bound keeps them few (the worker's polling sends regardless).
  const written = new Set<string>();
  events.onCompleting(async (tx, completing) => {
    // A venue none of whose endpoints took the first of its orders has none for the others of the
    // batch: asked once per venue, not once per order.
    const silent = new Set<number>();
    for (const completed of completing) {
      if (silent.has(completed.site.id)) continue;
      const deliveries = await enqueueWebhookEvent(tx, {
        venue: completed.site,
        type: 'order.completed',
        // Read only when an endpoint of the venue listens: most venues have none.
        data: async () => {
          const { order, visitDate } = await completed.details();
          return orderData(completed.orderId, completed.reservationNumber, order, visitDate, completed.email);
        },
      });
      if (deliveries === 0) {
        silent.add(completed.site.id);
        continue;
      }
      if (written.size >= 10_000) written.clear();
      written.add(completed.orderId);
    }
  });
  events.onCompleted((orderId) => {
    if (written.delete(orderId)) options.kick();
  });
}
