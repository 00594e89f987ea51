/** The console's addresses (below the router's basename `/console`), and where to go back after sign-in. */

export const paths = {
  start: '/',
  signIn: '/sign-in',
  forgottenPassword: '/forgotten-password',
  passwordReset: '/password-reset',
  invitation: '/invitation',
  enrolment: '/enrolment',
  account: '/account',
  staff: '/staff',
  teams: '/teams',
  newTeam: '/teams/new',
  team: (id: number) => `/teams/${id}`,
  audit: '/audit',
  newVenue: '/venues/new',
  venue: (code: string) => `/venues/${encodeURIComponent(code)}`,
  venueAudit: (code: string) => `/venues/${encodeURIComponent(code)}/audit`,
  venueCoupons: (code: string) => `/venues/${encodeURIComponent(code)}/coupons`,
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
