import type { ConsoleRoute } from '../../lib/routes.ts';

export const venuesRoutes: readonly ConsoleRoute[] = [
  { path: '/', screen: 'start', access: 'signed-in', load: () => import('./start-page.tsx') },
  { path: '/venues/new', screen: 'new-venue', access: 'signed-in', load: () => import('./new-venue-page.tsx') },
  { path: '/venues/:code', screen: 'venue-home', access: 'signed-in', load: () => import('./venue-home-page.tsx') },
];
