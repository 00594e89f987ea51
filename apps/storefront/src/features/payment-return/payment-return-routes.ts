/** Payment returns: the payment number comes back as `md` (gmo 3-D Secure) or `payment_number`. */
import { isDateChange, param, type RouteEntry } from '../../lib/routes.ts';

const load = () => import('./payment-return-page.tsx');

export const paymentReturnRoutes: readonly RouteEntry[] = [
  {
    path: '/payment-callback/gmo3ds',
    screen: 'three-d-secure-callback',
    load,
    toProps: (_p, q) => ({ provider: 'gmo3ds', paymentNumber: q.get('md'), dateChange: isDateChange(q) }),
  },
  {
    path: '/payment-callback/sbps3ds',
    screen: 'three-d-secure-callback',
    load,
    toProps: (_p, q) => ({ provider: 'sbps3ds', paymentNumber: q.get('payment_number'), dateChange: isDateChange(q) }),
  },
  {
    path: '/payment-callback/:paymentType',
    screen: 'payment-callback',
    load,
    toProps: (p, q) => ({
      provider: 'wallet',
      paymentType: param(p, 'paymentType'),
      status: null,
      paymentNumber: q.get('payment_number'),
      dateChange: isDateChange(q),
    }),
  },
  {
    path: '/payment-callback/:paymentType/:status',
    screen: 'payment-callback',
    load,
    toProps: (p, q) => ({
      provider: 'wallet',
      paymentType: param(p, 'paymentType'),
      status: param(p, 'status'),
      paymentNumber: q.get('payment_number'),
      dateChange: isDateChange(q),
    }),
  },
  {
    path: '/adyen-callback',
    screen: 'adyen-callback',
    load,
    toProps: (_p, q) => ({ provider: 'adyen', paymentNumber: q.get('payment_number'), dateChange: isDateChange(q) }),
  },
];
