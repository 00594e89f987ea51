import type { ConsoleRoute } from '../../lib/routes.ts';

export const auditRoutes: readonly ConsoleRoute[] = [
  { path: '/audit', screen: 'audit', access: 'signed-in', load: () => import('./audit-page.tsx') },
  { path: '/venues/:code/audit', screen: 'venue-audit', access: 'signed-in', load: () => import('./audit-page.tsx') },
];
