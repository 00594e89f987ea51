import { param, type RouteEntry, reservationProps } from '../../lib/routes.ts';

export const ticketsRoutes: readonly RouteEntry[] = [
  {
    path: '/tickets/:reservationToken',
    screen: 'ticket-redirect',
    load: () => import('./ticket-redirect.tsx'),
    toProps: reservationProps,
  },
  { path: '/id/:reservationToken', screen: 'ticket', load: () => import('./ticket-page.tsx'), toProps: reservationProps },
  {
    path: '/id/:reservationToken/receipt',
    screen: 'receipt',
    load: () => import('./receipt-page.tsx'),
    toProps: reservationProps,
  },
  {
    path: '/id/:reservationToken/:id/:type',
    screen: 'check-in',
    load: () => import('./check-in-page.tsx'),
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken'), id: param(p, 'id'), type: param(p, 'type') }),
  },
  {
    path: '/tickets/share/:reservationToken',
    screen: 'share',
    load: () => import('./share-page.tsx'),
    toProps: reservationProps,
  },
  {
    path: '/tickets/shared/:reservationToken',
    screen: 'shared',
    load: () => import('./shared-page.tsx'),
    toProps: reservationProps,
  },
  { path: '/tickets/send/:reservationToken', screen: 'send', load: () => import('./send-page.tsx'), toProps: reservationProps },
];
