import type { RouteEntry } from '../../lib/routes.ts';

export const completeRoutes: readonly RouteEntry[] = [
  { path: '/complete', screen: 'complete', load: () => import('./complete-page.tsx') },
];
