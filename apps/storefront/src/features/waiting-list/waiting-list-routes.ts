import type { RouteEntry } from '../../lib/routes.ts';

/** Joining a sold-out slot's waiting list, and leaving it from the link in its mails (issue 22). */
export const waitingListRoutes: readonly RouteEntry[] = [
  {
    path: '/waiting-list',
    screen: 'waiting-list',
    load: () => import('./waiting-list-page.tsx'),
    toProps: (_p, q) => ({ product: q.get('product'), date: q.get('date'), slot: q.get('slot') }),
  },
  {
    path: '/waiting-list/leave',
    screen: 'waiting-list-leave',
    load: () => import('./waiting-list-leave-page.tsx'),
    toProps: (_p, q) => ({ token: q.get('token') }),
  },
];
