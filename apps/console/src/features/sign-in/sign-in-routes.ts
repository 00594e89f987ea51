import type { ConsoleRoute } from '../../lib/routes.ts';

export const signInRoutes: readonly ConsoleRoute[] = [
  { path: '/sign-in', screen: 'sign-in', access: 'public', load: () => import('./sign-in-page.tsx') },
  {
    path: '/forgotten-password',
    screen: 'forgotten-password',
    access: 'public',
    load: () => import('./forgotten-password-page.tsx'),
  },
  { path: '/password-reset', screen: 'password-reset', access: 'public', load: () => import('./password-reset-page.tsx') },
];
