import { param, type RouteEntry, type RouteParams, reservationProps } from '../../lib/routes.ts';

const changeProps = (p: RouteParams) => ({
  reservationToken: param(p, 'reservationToken'),
  timechangeToken: param(p, 'timechangeToken'),
});

export const dateChangeRoutes: readonly RouteEntry[] = [
  {
    path: '/tickets/changedate/:reservationToken',
    screen: 'change-date',
    load: () => import('./date-change-page.tsx'),
    toProps: reservationProps,
  },
  {
    path: '/tickets/changedate/confirm/:reservationToken/timechange/:timechangeToken',
    screen: 'change-date-confirm',
    load: () => import('./date-change-confirm-page.tsx'),
    toProps: changeProps,
  },
  {
    path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
    screen: 'change-date-payment',
    load: () => import('./date-change-payment-page.tsx'),
    toProps: changeProps,
  },
  {
    path: '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
    screen: 'change-date-payment-confirm',
    load: () => import('./date-change-payment-confirm-page.tsx'),
    toProps: changeProps,
  },
  {
    path: '/tickets/changedate/complete/:reservationToken',
    screen: 'change-date-complete',
    load: () => import('./date-change-complete-page.tsx'),
    toProps: reservationProps,
  },
];
