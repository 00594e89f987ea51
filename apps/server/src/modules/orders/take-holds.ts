/** An order's places, held through the stock module in the order's transaction. */
import type { Database } from '../../db/client.ts';
import { type AppError, specError } from '../../http/errors.ts';
import { type HeldSlot, holdSetProduct, holdSlot, type NoPlaces } from '../stock/hold-places.ts';

/** The error a visitor sees when a slot gave no places. */
export function noPlaces(reason: NoPlaces): AppError {
  if (reason === 'missing') return specError('no stock has been registered for this product');
  if (reason === 'closed') return specError('ticket not on sale now');
  return specError('out of stock');
}

export async function holdSetProducts(
  tx: Database,
  order: { id: string; expiresAt: Date },
  timeSpanId: number,
  setProducts: { id: number; quantity: number }[],
): Promise<void> {
  for (const setProduct of setProducts.filter((s) => s.quantity > 0)) {
    const heldSetProduct = await holdSetProduct(tx, {
      orderId: order.id,
      timeSpanId,
      setProductId: setProduct.id,
      quantity: setProduct.quantity,
      expiresAt: order.expiresAt,
    });
    if (!heldSetProduct)
      throw specError('out of stock', { message: `set product ${setProduct.id} is sold out for this time slot` });
  }
}

export async function takeHolds(
  tx: Database,
  order: { id: string; expiresAt: Date; productId: number },
  timeSpanId: number,
  admissions: number,
  setProducts: { id: number; quantity: number }[],
): Promise<HeldSlot> {
  const held = await holdSlot(tx, {
    orderId: order.id,
    productId: order.productId,
    timeSpanId,
    quantity: admissions,
    expiresAt: order.expiresAt,
  });
  if (typeof held === 'string') throw noPlaces(held);
  await holdSetProducts(tx, order, timeSpanId, setProducts);
  return held;
}
