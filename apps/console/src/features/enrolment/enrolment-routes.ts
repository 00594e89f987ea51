import type { ConsoleRoute } from '../../lib/routes.ts';

export const enrolmentRoutes: readonly ConsoleRoute[] = [
  { path: '/enrolment', screen: 'enrolment', access: 'enrolment', load: () => import('./enrolment-page.tsx') },
];
