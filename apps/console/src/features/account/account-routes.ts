import type { ConsoleRoute } from '../../lib/routes.ts';

export const accountRoutes: readonly ConsoleRoute[] = [
  { path: '/account', screen: 'account', access: 'signed-in', load: () => import('./account-page.tsx') },
];
