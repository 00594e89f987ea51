import { isDateChange, param, type RouteEntry } from '../../lib/routes.ts';

const loadPaymentError = () => import('./payment-error-page.tsx');

export const errorRoutes: readonly RouteEntry[] = [{ path: '/error', screen: 'error', load: () => import('./error-page.tsx') }];

export const paymentErrorRoutes: readonly RouteEntry[] = [
  {
    path: '/payment-error',
    screen: 'payment-error',
    load: loadPaymentError,
    toProps: (_p, q) => ({ variant: null, dateChange: isDateChange(q), additionalInfo: q.get('additional_info') }),
  },
  {
    path: '/payment-error/:variant',
    screen: 'payment-error',
    load: loadPaymentError,
    toProps: (p, q) => ({ variant: param(p, 'variant'), dateChange: isDateChange(q), additionalInfo: q.get('additional_info') }),
  },
];
