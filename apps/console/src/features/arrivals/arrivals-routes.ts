import type { ConsoleRoute } from '../../lib/routes.ts';

export const arrivalsRoutes: readonly ConsoleRoute[] = [
  { path: '/venues/:code/arrivals', screen: 'arrivals', access: 'signed-in', load: () => import('./arrivals-page.tsx') },
];
