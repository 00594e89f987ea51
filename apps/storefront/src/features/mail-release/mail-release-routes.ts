import { param, type RouteEntry } from '../../lib/routes.ts';

export const mailReleaseRoutes: readonly RouteEntry[] = [
  {
    path: '/mail-release/:mailToken',
    screen: 'mail-release',
    load: () => import('./mail-release-page.tsx'),
    toProps: (p) => ({ mailToken: param(p, 'mailToken') }),
  },
  {
    path: '/mail-release-completion',
    screen: 'mail-release-completion',
    load: () => import('./mail-release-completion-page.tsx'),
  },
];
