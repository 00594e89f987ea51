import type { ConsoleRoute } from '../../lib/routes.ts';

/** The figures: each page is its own chunk, and only the dashboards load the chart library. */
export const reportsRoutes: readonly ConsoleRoute[] = [
  { path: '/reports', screen: 'reports-across', access: 'signed-in', load: () => import('./across-venues-page.tsx') },
  { path: '/venues/:code/reports', screen: 'reports', access: 'signed-in', load: () => import('./dashboard-page.tsx') },
  { path: '/venues/:code/reports/journal', screen: 'journal', access: 'signed-in', load: () => import('./journal-page.tsx') },
];
