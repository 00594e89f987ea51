import type { ConsoleRoute } from '../../lib/routes.ts';

export const slotSeriesRoutes: readonly ConsoleRoute[] = [
  {
    path: '/venues/:code/slot-series',
    screen: 'slot-series',
    access: 'signed-in',
    load: () => import('./slot-series-page.tsx'),
  },
  {
    path: '/venues/:code/slot-series/new',
    screen: 'new-slot-series',
    access: 'signed-in',
    load: () => import('./new-slot-series-page.tsx'),
  },
];
