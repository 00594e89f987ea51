import type { RouteEntry } from '../../lib/routes.ts';

export const signageRoutes: readonly RouteEntry[] = [
  { path: '/signage/today-ticket-info', screen: 'signage', load: () => import('./signage-page.tsx') },
];
