import type { ConsoleRoute } from '../../lib/routes.ts';

export const couponsRoutes: readonly ConsoleRoute[] = [
  { path: '/venues/:code/coupons', screen: 'coupons', access: 'signed-in', load: () => import('./coupons-page.tsx') },
];
