import { param, type RouteEntry, reservationProps } from '../../lib/routes.ts';

export const spotRoutes: readonly RouteEntry[] = [
  {
    path: '/spot',
    screen: 'spot-order',
    load: () => import('./spot-order-page.tsx'),
    toProps: (_p, q) => ({ qrToken: q.get('qr_token') }),
  },
  { path: '/spot/payment', screen: 'spot-payment', load: () => import('./spot-payment-page.tsx') },
  { path: '/spot/ticket-inquiry', screen: 'spot-ticket-inquiry', load: () => import('./spot-ticket-inquiry-page.tsx') },
  {
    path: '/spot/qr/:productUUID',
    screen: 'spot-qr',
    load: () => import('./spot-qr-page.tsx'),
    toProps: (p) => ({ productUUID: param(p, 'productUUID') }),
  },
  {
    path: '/spot/order-fields/:reservationToken',
    screen: 'spot-order-fields',
    load: () => import('./spot-order-fields-page.tsx'),
    toProps: reservationProps,
  },
  { path: '/spot/products', screen: 'spot-products', load: () => import('./spot-products-page.tsx') },
  {
    path: '/spot/email-sended/:reservationToken',
    screen: 'spot-email-sended',
    load: () => import('./spot-email-sended-page.tsx'),
    toProps: reservationProps,
  },
];
