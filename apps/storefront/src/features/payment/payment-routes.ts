import { isChange, type RouteEntry } from '../../lib/routes.ts';

export const paymentRoutes: readonly RouteEntry[] = [
  {
    path: '/payment',
    screen: 'payment',
    load: () => import('./payment-page.tsx'),
    toProps: (_p, q) => ({ isChange: isChange(q) }),
  },
];
