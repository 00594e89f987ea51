import type { ConsoleRoute } from '../../lib/routes.ts';

export const orderDetailRoutes: readonly ConsoleRoute[] = [
  {
    path: '/venues/:code/orders/:order',
    screen: 'order-detail',
    access: 'signed-in',
    load: () => import('./order-detail-page.tsx'),
  },
];
