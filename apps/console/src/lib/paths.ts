/** The console's addresses (below the router's basename `/console`), and where to go back after sign-in. */

export const paths = {
  start: '/',
  signIn: '/sign-in',
  forgottenPassword: '/forgotten-password',
  passwordReset: '/password-reset',
  invitation: '/invitation',
  enrolment: '/enrolment',
  account: '/account',
  reportMails: '/account/report-mails',
  reports: '/reports',
  staff: '/staff',
  teams: '/teams',
  newTeam: '/teams/new',
  team: (id: number) => `/teams/${id}`,
  audit: '/audit',
  newVenue: '/venues/new',
  venue: (code: string) => `/venues/${encodeURIComponent(code)}`,
  venueAudit: (code: string) => `/venues/${encodeURIComponent(code)}/audit`,
  slotSeries: (code: string) => `/venues/${encodeURIComponent(code)}/slot-series`,
  newSlotSeries: (code: string) => `/venues/${encodeURIComponent(code)}/slot-series/new`,
  venueSettings: (code: string) => `/venues/${encodeURIComponent(code)}/settings`,
  venueTexts: (code: string) => `/venues/${encodeURIComponent(code)}/texts`,
  venuePaymentMethods: (code: string) => `/venues/${encodeURIComponent(code)}/payment-methods`,
  venueCalendar: (code: string) => `/venues/${encodeURIComponent(code)}/calendar`,
  venueProducts: (code: string) => `/venues/${encodeURIComponent(code)}/products`,
  newVenueProduct: (code: string) => `/venues/${encodeURIComponent(code)}/products/new`,
  venueProduct: (code: string, id: number) => `/venues/${encodeURIComponent(code)}/products/${id}`,
  venueImages: (code: string) => `/venues/${encodeURIComponent(code)}/venue-images`,
  venueCoupons: (code: string) => `/venues/${encodeURIComponent(code)}/coupons`,
  venueOrders: (code: string) => `/venues/${encodeURIComponent(code)}/orders`,
  venueOrder: (code: string, id: string) => `/venues/${encodeURIComponent(code)}/orders/${encodeURIComponent(id)}`,
  venueGateDevices: (code: string) => `/venues/${encodeURIComponent(code)}/gate-devices`,
  venueWebhooks: (code: string) => `/venues/${encodeURIComponent(code)}/webhooks`,
  venueReports: (code: string) => `/venues/${encodeURIComponent(code)}/reports`,
  venueJournal: (code: string) => `/venues/${encodeURIComponent(code)}/reports/journal`,
  venueArrivals: (code: string) => `/venues/${encodeURIComponent(code)}/arrivals`,
  venueWaitingList: (code: string) => `/venues/${encodeURIComponent(code)}/waiting-list`,
  venueSlotCancellations: (code: string) => `/venues/${encodeURIComponent(code)}/slot-cancellations`,
  venueSlotCancellation: (code: string, id: string) =>
    `/venues/${encodeURIComponent(code)}/slot-cancellations/${encodeURIComponent(id)}`,
};

/** Only a path of this app is a place to come back to: never another origin (`//host`, `https:`). */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.start;
  return next;
}

export function withNext(path: string, next: string | null | undefined): string {
  const target = safeNext(next);
  return target === paths.start ? path : `${path}?next=${encodeURIComponent(target)}`;
}
