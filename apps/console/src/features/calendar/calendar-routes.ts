import type { ConsoleRoute } from '../../lib/routes.ts';

export const calendarRoutes: readonly ConsoleRoute[] = [
  { path: '/venues/:code/calendar', screen: 'calendar', access: 'signed-in', load: () => import('./calendar-page.tsx') },
];
