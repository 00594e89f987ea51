import type { ConsoleRoute } from '../../lib/routes.ts';

export const webhooksRoutes: readonly ConsoleRoute[] = [
  {
    path: '/venues/:code/webhooks',
    screen: 'webhooks',
    access: 'signed-in',
    load: () => import('./webhooks-page.tsx'),
  },
];
