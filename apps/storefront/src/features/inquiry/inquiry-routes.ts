import type { RouteEntry } from '../../lib/routes.ts';

export const inquiryRoutes: readonly RouteEntry[] = [
  { path: '/reservation-inquiry', screen: 'reservation-inquiry', load: () => import('./reservation-inquiry-page.tsx') },
];
