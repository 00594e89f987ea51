import type { ConsoleRoute } from '../../lib/routes.ts';

export const gateDevicesRoutes: readonly ConsoleRoute[] = [
  {
    path: '/venues/:code/gate-devices',
    screen: 'gate-devices',
    access: 'signed-in',
    load: () => import('./gate-devices-page.tsx'),
  },
];
