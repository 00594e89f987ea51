import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** What checkout and the payment returns answer, as the tests read it. */
export type CheckoutReply = {
  status?: string;
  redirect_url?: string;
  payment_number?: string;
  reservation_token?: string;
  reservation_number?: string;
  time_change_token?: string;
  error?: string;
  can_retry?: boolean;
  order_token?: string;
  message?: string;
};

/** A sandbox test card (SANDBOX_CARDS) with a future expiry. */
export const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 1,
  cvc: '123',
  name: 'HANAKO YAMADA',
});

/** The visitor's answer on a sandbox gateway page; returns where the browser is sent. */
export async function answerGateway(app: FastifyInstance, redirectUrl: string, action: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
}
