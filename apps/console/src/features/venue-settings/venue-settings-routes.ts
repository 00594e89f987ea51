import type { ConsoleRoute } from '../../lib/routes.ts';

export const venueSettingsRoutes: readonly ConsoleRoute[] = [
  { path: '/venues/:code/settings', screen: 'venue-settings', access: 'signed-in', load: () => import('./settings-page.tsx') },
  { path: '/venues/:code/texts', screen: 'venue-texts', access: 'signed-in', load: () => import('./texts-page.tsx') },
  {
    path: '/venues/:code/payment-methods',
    screen: 'venue-payment-methods',
    access: 'signed-in',
    load: () => import('./payment-methods-page.tsx'),
  },
];
