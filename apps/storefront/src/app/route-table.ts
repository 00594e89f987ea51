/**
 * Every hash route of SPEC §2: the features' own route lists, in one table. A new screen is one
 * entry in its feature's list (and the list here if the feature is new).
 */
import { completeRoutes } from '../features/complete/complete-routes.ts';
import { confirmRoutes } from '../features/confirm/confirm-routes.ts';
import { dateChangeRoutes } from '../features/date-change/date-change-routes.ts';
import { errorRoutes, paymentErrorRoutes } from '../features/errors/error-routes.ts';
import { inquiryRoutes } from '../features/inquiry/inquiry-routes.ts';
import { mailConfirmRoutes } from '../features/mail-confirm/mail-confirm-routes.ts';
import { mailReleaseRoutes } from '../features/mail-release/mail-release-routes.ts';
import { membershipLoginRoutes } from '../features/membership-login/membership-login-routes.ts';
import { orderRoutes } from '../features/order/order-routes.ts';
import { paymentRoutes } from '../features/payment/payment-routes.ts';
import { paymentReturnRoutes } from '../features/payment-return/payment-return-routes.ts';
import { signInRoutes } from '../features/sign-in/sign-in-routes.ts';
import { signageRoutes } from '../features/signage/signage-routes.ts';
import { spotRoutes } from '../features/spot/spot-routes.ts';
import { staticRoutes } from '../features/static/static-routes.ts';
import { ticketsRoutes } from '../features/tickets/tickets-routes.ts';
import { waitingListRoutes } from '../features/waiting-list/waiting-list-routes.ts';
import type { RouteEntry } from '../lib/routes.ts';

export const ROUTES: readonly RouteEntry[] = [
  // Static and inquiry
  ...staticRoutes,
  ...inquiryRoutes,
  ...mailReleaseRoutes,
  ...signageRoutes,
  ...waitingListRoutes,
  // Purchase flow
  ...orderRoutes,
  ...signInRoutes,
  ...membershipLoginRoutes,
  ...mailConfirmRoutes,
  ...paymentRoutes,
  ...confirmRoutes,
  ...completeRoutes,
  ...errorRoutes,
  ...paymentReturnRoutes,
  ...paymentErrorRoutes,
  // After the purchase
  ...ticketsRoutes,
  ...dateChangeRoutes,
  ...spotRoutes,
];

export function routesFor(isStartMailConfirmOnly: boolean): RouteEntry[] {
  return ROUTES.filter((route) => !(route.unlessMailConfirmOnly && isStartMailConfirmOnly));
}
