import type { ConsoleRoute } from '../../lib/routes.ts';

export const staffRoutes: readonly ConsoleRoute[] = [
  { path: '/staff', screen: 'staff', access: 'signed-in', load: () => import('./staff-page.tsx') },
];
