import type { RouteEntry } from '../../lib/routes.ts';

export const membershipLoginRoutes: readonly RouteEntry[] = [
  { path: '/membership-login', screen: 'membership-login', load: () => import('./membership-login-page.tsx') },
];
