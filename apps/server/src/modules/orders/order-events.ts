/**
 * What an order announces, for other modules to act on without the orders module knowing them
 * (the mail module writes the confirmation, the catalogue forgets its availability). Listeners are
 * subscribed where the app is wired.
 */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';

/** An order that has just completed, inside the transaction that completed it. */
export type OrderCompleting = {
  site: Site;
  orderId: string;
  /** The address the order was made with; null when it has none. */
  email: string | null;
  reservationNumber: string;
  /** The reservation token of the completing answer (only its hash is kept). */
  reservationToken: string;
  /** The order as shown, its visit date and whether the product is all-day: read when a listener asks. */
  details(): Promise<{ order: TemporaryOrder; visitDate: string; isAllDay: boolean }>;
};

/** A visitor of mail-only mode gave their address: the link with the mail token goes to it. */
export type OrderMailGiven = { site: Site; orderId: string; email: string; lang: string; mailToken: string; minutes: number };

type InTransaction<E> = (tx: Database, event: E) => Promise<void>;

/** A tiny typed event bus: listeners run in the order they were added. */
export function createOrderEvents() {
  const completing: InTransaction<OrderCompleting[]>[] = [];
  const completed: ((orderId: string) => void)[] = [];
  const mailGiven: InTransaction<OrderMailGiven>[] = [];
  const changed: (() => void)[] = [];
  const mailQueued: (() => void)[] = [];
  return {
    /**
     * In the completing transaction: what must be written atomically with the completion, for
     * every order it completes (one, or a batch completed together).
     */
    onCompleting(listener: InTransaction<OrderCompleting[]>) {
      completing.push(listener);
    },
    /** After the completing transaction commits. */
    onCompleted(listener: (orderId: string) => void) {
      completed.push(listener);
    },
    /** In the transaction that stores the address of mail-only mode. */
    onMailGiven(listener: InTransaction<OrderMailGiven>) {
      mailGiven.push(listener);
    },
    /** After a transaction that took or gave back places commits. */
    onStockChanged(listener: () => void) {
      changed.push(listener);
    },
    /** After a transaction in which a listener queued mail commits. */
    onMailQueued(listener: () => void) {
      mailQueued.push(listener);
    },
    async completing(tx: Database, orders: OrderCompleting[]) {
      if (orders.length === 0) return;
      for (const listener of completing) await listener(tx, orders);
    },
    completed(orderId: string) {
      for (const listener of completed) listener(orderId);
    },
    async mailGiven(tx: Database, event: OrderMailGiven) {
      for (const listener of mailGiven) await listener(tx, event);
    },
    stockChanged() {
      for (const listener of changed) listener();
    },
    mailQueued() {
      for (const listener of mailQueued) listener();
    },
  };
}

export type OrderEvents = ReturnType<typeof createOrderEvents>;
