import type { ConsoleRoute } from '../../lib/routes.ts';

export const invitationRoutes: readonly ConsoleRoute[] = [
  { path: '/invitation', screen: 'invitation', access: 'public', load: () => import('./invitation-page.tsx') },
];
