import { Navigate } from 'react-router';
import type { ScreenProps } from '../../app/route-table.ts';

/** `/tickets/{reservationToken}` leads to the ticket. */
export default function TicketRedirect(props: ScreenProps) {
  return <Navigate to={`/id/${encodeURIComponent(String(props.reservationToken ?? ''))}`} replace />;
}
