/**
 * What an order's total was before any date change rewrote it, for another module's statement (the
 * dashboard's sales, decision 036). A completed change moves the order to its `resulting_total`
 * (a dearer slot's difference added, a cheaper one's refund taken off), while the money of the
 * change is counted on the day the change completed. The first completed change's `paid` is the
 * total the order was completed at; an order never changed keeps its own.
 */
import { type SQL, sql } from 'drizzle-orm';

/** The total `orderTotal` of the order `orderId` was completed at (`time_changes_order_idx` finds its changes). */
export const totalBeforeChanges = (orderId: SQL, orderTotal: SQL): SQL =>
  sql`coalesce((select c.paid from time_changes c
                where c.order_id = ${orderId} and c.status = 'completed'
                order by c.completed_at, c.created_at limit 1), ${orderTotal})`;
