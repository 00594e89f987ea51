/** The mails a ticket sends through whoever is wired to write them (the mail module). */
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';

type TicketMailCommon = {
  site: Site;
  /** The order the tickets are of: the mail is listed in its history. */
  orderId: string;
  email: string;
  lang: LanguageCode;
  productName: string;
  visitDate: string;
};

/**
 * A mail with a ticket link. The inquiry's goes to the holder's own address with their link; the
 * forward goes to a friend with a share link only, and names who sent it.
 */
export type TicketMail =
  | (TicketMailCommon & { kind: 'ticket_inquiry'; reservationNumber: string; reservationToken: string })
  | (TicketMailCommon & { kind: 'ticket_forward'; shareToken: string; quantity: number; senderName: string | null });

export type TicketMailOptions = {
  /** Writes the mail that carries a ticket link, in the caller's transaction. */
  enqueueTicketMail?: (db: Database, mail: TicketMail) => Promise<unknown>;
  /** After a transaction that queued mail commits. */
  onMailQueued?: () => void;
};
