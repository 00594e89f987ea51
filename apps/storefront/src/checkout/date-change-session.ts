/**
 * What a date change keeps in the session (SPEC §3) and where its steps live (SPEC §2): shared by
 * the date-change screens and the payment return that finishes a change paid by redirect.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '../lib/session/session-store.ts';
import { ticketQueryKeys } from '../lib/ticket-query-keys.ts';

const segment = encodeURIComponent;

/** The routes of the date-change flow (SPEC §2). */
export const dateChangePaths = {
  start: (reservationToken: string) => `/tickets/changedate/${segment(reservationToken)}`,
  confirm: (reservationToken: string, timechangeToken: string) =>
    `/tickets/changedate/confirm/${segment(reservationToken)}/timechange/${segment(timechangeToken)}`,
  payment: (reservationToken: string, timechangeToken: string) =>
    `/tickets/changedate/payment/${segment(reservationToken)}/timechange/${segment(timechangeToken)}`,
  paymentConfirm: (reservationToken: string, timechangeToken: string) =>
    `/tickets/changedate/payment/confirm/${segment(reservationToken)}/timechange/${segment(timechangeToken)}`,
  complete: (reservationToken: string) => `/tickets/changedate/complete/${segment(reservationToken)}`,
};

/** The change this visit made and has not finished (session key changeDate, SPEC §3). */
export type DateChangeInput = { reservationToken: string; timechangeToken: string };
/** The payment step's choice (session key changeDatePayment): what the payment return needs. */
export type DateChangePayment = DateChangeInput & { method: string };
/** What the complete page shows (session key changeDateResult). */
export type DateChangeResult = {
  reservationToken: string;
  reservationNumber: string;
  refund: { amount: number; status: 'refunded' | 'refund_failed' } | null;
};

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function readDateChangeInput(session: SessionStore): DateChangeInput | null {
  const raw = session.get('changeDate');
  return raw && isText(raw.reservationToken) && isText(raw.timechangeToken)
    ? { reservationToken: raw.reservationToken, timechangeToken: raw.timechangeToken }
    : null;
}

export function readDateChangePayment(session: SessionStore): DateChangePayment | null {
  const raw = session.get('changeDatePayment');
  return raw && isText(raw.reservationToken) && isText(raw.timechangeToken) && isText(raw.method)
    ? { reservationToken: raw.reservationToken, timechangeToken: raw.timechangeToken, method: raw.method }
    : null;
}

export function readDateChangeResult(session: SessionStore): DateChangeResult | null {
  const raw = session.get('changeDateResult');
  if (!raw || !isText(raw.reservationToken) || !isText(raw.reservationNumber)) return null;
  const refund = raw.refund as { amount?: unknown; status?: unknown } | null | undefined;
  return {
    reservationToken: raw.reservationToken,
    reservationNumber: raw.reservationNumber,
    refund:
      refund && typeof refund.amount === 'number' && (refund.status === 'refunded' || refund.status === 'refund_failed')
        ? { amount: refund.amount, status: refund.status }
        : null,
  };
}

/**
 * A change that went through: the complete page's data, and nothing of the flow left over. The
 * ticket's cached reads go too, not just marked stale: the ticket page opens in the same document,
 * and a stale entry would show the old date and the QR codes that no longer open the gate until
 * its refetch landed.
 */
export function finishChange(session: SessionStore, queryClient: QueryClient, result: DateChangeResult): void {
  session.resetDateChangeResults();
  session.resetDateChangeInput();
  session.remove('paymentNumber');
  session.set('changeDateResult', result);
  queryClient.removeQueries({ queryKey: ticketQueryKeys.ticket(result.reservationToken) });
  queryClient.removeQueries({ queryKey: ticketQueryKeys.receipt(result.reservationToken) });
  queryClient.removeQueries({ queryKey: ['change-date', 'ticket'] });
}
