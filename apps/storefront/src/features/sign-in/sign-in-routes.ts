import { isChange, type RouteEntry } from '../../lib/routes.ts';

export const signInRoutes: readonly RouteEntry[] = [
  {
    path: '/sign-in',
    screen: 'sign-in',
    load: () => import('./sign-in-page.tsx'),
    unlessMailConfirmOnly: true,
    toProps: (_p, q) => ({ isChange: isChange(q) }),
  },
];
