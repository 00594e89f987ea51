/** What the customer-service operations are given when the app is wired: the database and the mail port. */
import type { Database } from '../../db/client.ts';
import type { TicketMail } from '../tickets/ticket-mail.ts';

export type CustomerServiceContext = {
  db: Database;
  /** Writes a ticket-link mail in the caller's transaction (the mail module); answers the mail's id. */
  enqueueTicketMail: (tx: Database, mail: TicketMail) => Promise<{ id: string }>;
  /** After a transaction that queued mail commits. */
  onMailQueued: () => void;
};
