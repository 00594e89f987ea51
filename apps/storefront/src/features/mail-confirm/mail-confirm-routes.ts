import type { RouteEntry } from '../../lib/routes.ts';

export const mailConfirmRoutes: readonly RouteEntry[] = [
  { path: '/sended-mail', screen: 'sended-mail', load: () => import('./sended-mail-page.tsx') },
  { path: '/mail-confirm', screen: 'mail-confirm', load: () => import('./mail-confirm-page.tsx') },
];
