import type { RouteEntry } from '../../lib/routes.ts';

const load = () => import('./confirm-page.tsx');

export const confirmRoutes: readonly RouteEntry[] = [
  { path: '/confirm', screen: 'confirm', load, toProps: () => ({ isDPay: false }) },
  { path: '/d-pay-confirm', screen: 'confirm', load, toProps: () => ({ isDPay: true }) },
];
