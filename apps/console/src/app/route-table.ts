/** Every console screen: the features' own route lists, in one table. */
import { accountRoutes } from '../features/account/account-routes.ts';
import { arrivalsRoutes } from '../features/arrivals/arrivals-routes.ts';
import { auditRoutes } from '../features/audit/audit-routes.ts';
import { calendarRoutes } from '../features/calendar/calendar-routes.ts';
import { couponsRoutes } from '../features/coupons/coupons-routes.ts';
import { enrolmentRoutes } from '../features/enrolment/enrolment-routes.ts';
import { gateDevicesRoutes } from '../features/gate-devices/gate-devices-routes.ts';
import { invitationRoutes } from '../features/invitation/invitation-routes.ts';
import { orderDetailRoutes } from '../features/order-detail/order-detail-routes.ts';
import { ordersRoutes } from '../features/orders/orders-routes.ts';
import { productsRoutes } from '../features/products/products-routes.ts';
import { reportMailsRoutes } from '../features/report-mails/report-mails-routes.ts';
import { reportsRoutes } from '../features/reports/reports-routes.ts';
import { signInRoutes } from '../features/sign-in/sign-in-routes.ts';
import { slotCancellationsRoutes } from '../features/slot-cancellations/slot-cancellations-routes.ts';
import { slotSeriesRoutes } from '../features/slot-series/slot-series-routes.ts';
import { staffRoutes } from '../features/staff/staff-routes.ts';
import { teamsRoutes } from '../features/teams/teams-routes.ts';
import { venueSettingsRoutes } from '../features/venue-settings/venue-settings-routes.ts';
import { venuesRoutes } from '../features/venues/venues-routes.ts';
import { waitingListRoutes } from '../features/waiting-list/waiting-list-routes.ts';
import { webhooksRoutes } from '../features/webhooks/webhooks-routes.ts';
import type { ConsoleRoute } from '../lib/routes.ts';

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  ...signInRoutes,
  ...invitationRoutes,
  ...enrolmentRoutes,
  ...venuesRoutes,
  ...accountRoutes,
  ...staffRoutes,
  ...teamsRoutes,
  ...auditRoutes,
  ...slotSeriesRoutes,
  ...venueSettingsRoutes,
  ...calendarRoutes,
  ...productsRoutes,
  ...couponsRoutes,
  ...orderDetailRoutes,
  ...ordersRoutes,
  ...slotCancellationsRoutes,
  ...waitingListRoutes,
  ...gateDevicesRoutes,
  ...webhooksRoutes,
  ...arrivalsRoutes,
  ...reportsRoutes,
  ...reportMailsRoutes,
];
