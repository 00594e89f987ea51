/** A staff member's note on an order, written in the caller's transaction (with its audit entry). */
import type { Database } from '../../db/client.ts';
import type { Actor } from '../audit/record-audit.ts';
import { orderNotes } from './customer-service.schema.ts';

export type OrderNoteRow = typeof orderNotes.$inferSelect;

export async function addOrderNote(tx: Database, orderId: string, actor: Actor, body: string): Promise<OrderNoteRow> {
  const [row] = await tx.insert(orderNotes).values({ orderId, staffId: actor.id, staffLabel: actor.label, body }).returning();
  if (!row) throw new Error('the note insert returned no row');
  return row;
}
