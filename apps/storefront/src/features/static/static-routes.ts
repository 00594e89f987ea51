import type { RouteEntry } from '../../lib/routes.ts';

export const staticRoutes: readonly RouteEntry[] = [
  { path: '/privacy', screen: 'privacy', load: () => import('./privacy-page.tsx') },
  { path: '/specified', screen: 'specified', load: () => import('./specified-page.tsx') },
  { path: '/terms', screen: 'terms', load: () => import('./terms-page.tsx') },
];
