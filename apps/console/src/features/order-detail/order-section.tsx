/** What the order screen's sections share: their frame, and what each is given. */
import type { OrderDetail } from '@storefront/domain/console/order-detail';
import type { ReactNode } from 'react';

/**
 * The order, its venue, what the staff member may do with it (`orders:write`: resend, contact,
 * notes, date; `orders:refund`: cancel and refund), and what to call once they have.
 */
export type OrderSectionProps = {
  venue: string;
  order: OrderDetail;
  mayWrite: boolean;
  mayRefund: boolean;
  onChanged: () => void;
};

/** A titled part of the order screen, named by its heading for screen readers. */
export function Section(props: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`order-section ${props.className ?? ''}`} aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}
