import type { ConsoleRoute } from '../../lib/routes.ts';

export const waitingListRoutes: readonly ConsoleRoute[] = [
  {
    path: '/venues/:code/waiting-list',
    screen: 'waiting-list',
    access: 'signed-in',
    load: () => import('./waiting-list-page.tsx'),
  },
];
