import { Navigate } from 'react-router';
import type { ScreenProps } from '../../lib/routes.ts';

/** `/tickets/{reservationToken}` leads to the ticket. */
export default function TicketRedirect(props: ScreenProps) {
  return <Navigate to={`/id/${encodeURIComponent(String(props.reservationToken ?? ''))}`} replace />;
}
