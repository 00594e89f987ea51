/**
 * What the navigation offers, by right: a venue's screens by the rights held there, the
 * organisation's by the organisation-wide rights. A link is never shown for a screen that would
 * answer "forbidden".
 */
import type { ConsoleSession, ConsoleVenue } from '@storefront/domain/console/auth';
import { paths } from '../lib/paths.ts';
import { hasOrganisationRight, hasVenueRight } from '../lib/session.ts';

export type NavItem = { key: string; to: string; label: string; end?: boolean };

export function venueNavigation(session: ConsoleSession, venue: ConsoleVenue | null): NavItem[] {
  if (!venue) return [];
  const items: NavItem[] = [{ key: 'venue-home', to: paths.venue(venue.code), label: 'nav.venueHome', end: true }];
  if (hasVenueRight(session, venue, 'orders:read')) {
    items.push({ key: 'venue-orders', to: paths.venueOrders(venue.code), label: 'orders.nav' });
    items.push({
      key: 'venue-slot-cancellations',
      to: paths.venueSlotCancellations(venue.code),
      label: 'slotCancellations.nav',
    });
    items.push({ key: 'venue-waiting-list', to: paths.venueWaitingList(venue.code), label: 'waitingList.nav' });
  }
  if (hasVenueRight(session, venue, 'reports:read')) {
    items.push({ key: 'venue-reports', to: paths.venueReports(venue.code), label: 'reports.nav', end: true });
    items.push({ key: 'venue-journal', to: paths.venueJournal(venue.code), label: 'reports.journal.nav' });
  }
  if (hasVenueRight(session, venue, 'checkin:scan')) {
    items.push({ key: 'venue-arrivals', to: paths.venueArrivals(venue.code), label: 'arrivals.nav' });
  }
  if (hasVenueRight(session, venue, 'catalogue:read')) {
    items.push({ key: 'venue-products', to: paths.venueProducts(venue.code), label: 'products.nav' });
    items.push({ key: 'venue-slot-series', to: paths.slotSeries(venue.code), label: 'slotSeries.nav' });
    items.push({ key: 'venue-calendar', to: paths.venueCalendar(venue.code), label: 'calendar.nav' });
    items.push({ key: 'venue-coupons', to: paths.venueCoupons(venue.code), label: 'coupons.nav' });
    items.push({ key: 'venue-settings', to: paths.venueSettings(venue.code), label: 'venueSettings.nav.settings' });
    items.push({ key: 'venue-texts', to: paths.venueTexts(venue.code), label: 'venueSettings.nav.texts' });
    items.push({
      key: 'venue-payment-methods',
      to: paths.venuePaymentMethods(venue.code),
      label: 'venueSettings.nav.paymentMethods',
    });
    items.push({ key: 'venue-images', to: paths.venueImages(venue.code), label: 'products.venueImages' });
  }
  if (hasVenueRight(session, venue, 'settings:write')) {
    items.push({ key: 'venue-gate-devices', to: paths.venueGateDevices(venue.code), label: 'gateDevices.nav' });
    items.push({ key: 'venue-webhooks', to: paths.venueWebhooks(venue.code), label: 'webhooks.nav' });
  }
  if (hasVenueRight(session, venue, 'audit:read')) {
    items.push({ key: 'venue-audit', to: paths.venueAudit(venue.code), label: 'nav.venueAudit' });
  }
  return items;
}

export function organisationNavigation(session: ConsoleSession): NavItem[] {
  const items: NavItem[] = [];
  if (session.venues.filter((venue) => hasVenueRight(session, venue, 'reports:read')).length > 1)
    items.push({ key: 'reports', to: paths.reports, label: 'reports.acrossNav' });
  if (hasOrganisationRight(session, 'staff:manage')) {
    items.push({ key: 'staff', to: paths.staff, label: 'nav.staff' });
    items.push({ key: 'teams', to: paths.teams, label: 'nav.teams' });
  }
  if (hasOrganisationRight(session, 'audit:read')) items.push({ key: 'audit', to: paths.audit, label: 'nav.audit' });
  if (hasOrganisationRight(session, 'settings:write'))
    items.push({ key: 'new-venue', to: paths.newVenue, label: 'nav.newVenue' });
  return items;
}

/** The member's own screens: the account, and the report mails for a member who reads some venue's figures. */
export function accountNavigation(session: ConsoleSession): NavItem[] {
  const items: NavItem[] = [{ key: 'account', to: paths.account, label: 'nav.account', end: true }];
  if (session.venues.some((venue) => hasVenueRight(session, venue, 'reports:read')))
    items.push({ key: 'report-mails', to: paths.reportMails, label: 'reportMails.nav' });
  return items;
}
