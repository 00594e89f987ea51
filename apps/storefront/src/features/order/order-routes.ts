import { isChange, type RouteEntry } from '../../lib/routes.ts';

const load = () => import('./order-page.tsx');

export const orderRoutes: readonly RouteEntry[] = [
  { path: '/', screen: 'order', load, toProps: (_p, q) => ({ isChange: isChange(q) }) },
  { path: '/order', screen: 'order', load, toProps: (_p, q) => ({ isChange: isChange(q) }) },
];
