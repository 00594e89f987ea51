import type { ConsoleRoute } from '../../lib/routes.ts';

export const reportMailsRoutes: readonly ConsoleRoute[] = [
  { path: '/account/report-mails', screen: 'report-mails', access: 'signed-in', load: () => import('./report-mails-page.tsx') },
];
