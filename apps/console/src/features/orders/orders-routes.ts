import type { ConsoleRoute } from '../../lib/routes.ts';

export const ordersRoutes: readonly ConsoleRoute[] = [
  { path: '/venues/:code/orders', screen: 'orders', access: 'signed-in', load: () => import('./orders-page.tsx') },
];
