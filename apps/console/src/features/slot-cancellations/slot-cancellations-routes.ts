import type { ConsoleRoute } from '../../lib/routes.ts';

export const slotCancellationsRoutes: readonly ConsoleRoute[] = [
  {
    path: '/venues/:code/slot-cancellations',
    screen: 'slot-cancellations',
    access: 'signed-in',
    load: () => import('./slot-cancellations-page.tsx'),
  },
  {
    path: '/venues/:code/slot-cancellations/:job',
    screen: 'slot-cancellation',
    access: 'signed-in',
    load: () => import('./slot-cancellation-page.tsx'),
  },
];
