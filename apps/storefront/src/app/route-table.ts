/**
 * Every hash route of SPEC §2, the screen it shows and the props it passes (route params and
 * named queries). Screens owned by later work show a marked placeholder until they land; the
 * `placeholder` flag says which, and a test lists them.
 */
export type RouteParams = Readonly<Record<string, string | undefined>>;
export type ScreenProps = Record<string, string | boolean | null>;

export type ScreenId =
  | 'order'
  | 'sign-in'
  | 'membership-login'
  | 'sended-mail'
  | 'mail-confirm'
  | 'payment'
  | 'confirm'
  | 'complete'
  | 'error'
  | 'payment-callback'
  | 'three-d-secure-callback'
  | 'adyen-callback'
  | 'payment-error'
  | 'ticket'
  | 'ticket-redirect'
  | 'check-in'
  | 'receipt'
  | 'share'
  | 'shared'
  | 'send'
  | 'change-date'
  | 'change-date-confirm'
  | 'change-date-payment'
  | 'change-date-payment-confirm'
  | 'change-date-complete'
  | 'spot-order'
  | 'spot-payment'
  | 'spot-ticket-inquiry'
  | 'spot-qr'
  | 'spot-order-fields'
  | 'spot-products'
  | 'spot-email-sended'
  | 'privacy'
  | 'specified'
  | 'terms'
  | 'reservation-inquiry'
  | 'mail-release'
  | 'mail-release-completion'
  | 'signage';

export type RouteEntry = {
  path: string;
  screen: ScreenId;
  toProps?: (params: RouteParams, query: URLSearchParams) => ScreenProps;
  /** Only when the site is not in start-mail-confirm-only mode. */
  unlessMailConfirmOnly?: boolean;
};

const isChange = (query: URLSearchParams) => query.get('ref') === 'c';
const dateChange = (query: URLSearchParams) => query.get('time_change') === 'true';
const param = (params: RouteParams, name: string) => params[name] ?? null;

export const ROUTES: readonly RouteEntry[] = [
  // Static and inquiry
  { path: '/privacy', screen: 'privacy' },
  { path: '/specified', screen: 'specified' },
  { path: '/terms', screen: 'terms' },
  { path: '/reservation-inquiry', screen: 'reservation-inquiry' },
  { path: '/mail-release/:mailToken', screen: 'mail-release', toProps: (p) => ({ mailToken: param(p, 'mailToken') }) },
  { path: '/mail-release-completion', screen: 'mail-release-completion' },
  { path: '/signage/today-ticket-info', screen: 'signage' },

  // Purchase flow
  { path: '/', screen: 'order', toProps: (_p, q) => ({ isChange: isChange(q) }) },
  { path: '/order', screen: 'order', toProps: (_p, q) => ({ isChange: isChange(q) }) },
  { path: '/sign-in', screen: 'sign-in', unlessMailConfirmOnly: true, toProps: (_p, q) => ({ isChange: isChange(q) }) },
  { path: '/membership-login', screen: 'membership-login' },
  { path: '/sended-mail', screen: 'sended-mail' },
  { path: '/mail-confirm', screen: 'mail-confirm' },
  { path: '/payment', screen: 'payment', toProps: (_p, q) => ({ isChange: isChange(q) }) },
  { path: '/confirm', screen: 'confirm', toProps: () => ({ isDPay: false }) },
  { path: '/d-pay-confirm', screen: 'confirm', toProps: () => ({ isDPay: true }) },
  { path: '/complete', screen: 'complete' },
  { path: '/error', screen: 'error' },

  // Payment returns: the payment number comes back as `md` (gmo 3-D Secure) or `payment_number`.
  {
    path: '/payment-callback/gmo3ds',
    screen: 'three-d-secure-callback',
    toProps: (_p, q) => ({ provider: 'gmo3ds', paymentNumber: q.get('md'), dateChange: dateChange(q) }),
  },
  {
    path: '/payment-callback/sbps3ds',
    screen: 'three-d-secure-callback',
    toProps: (_p, q) => ({ provider: 'sbps3ds', paymentNumber: q.get('payment_number'), dateChange: dateChange(q) }),
  },
  {
    path: '/payment-callback/:paymentType',
    screen: 'payment-callback',
    toProps: (p, q) => ({
      provider: 'wallet',
      paymentType: param(p, 'paymentType'),
      status: null,
      paymentNumber: q.get('payment_number'),
      dateChange: dateChange(q),
    }),
  },
  {
    path: '/payment-callback/:paymentType/:status',
    screen: 'payment-callback',
    toProps: (p, q) => ({
      provider: 'wallet',
      paymentType: param(p, 'paymentType'),
      status: param(p, 'status'),
      paymentNumber: q.get('payment_number'),
      dateChange: dateChange(q),
    }),
  },
  {
    path: '/adyen-callback',
    screen: 'adyen-callback',
    toProps: (_p, q) => ({ provider: 'adyen', paymentNumber: q.get('payment_number'), dateChange: dateChange(q) }),
  },
  {
    path: '/payment-error',
    screen: 'payment-error',
    toProps: (_p, q) => ({ variant: null, dateChange: dateChange(q), additionalInfo: q.get('additional_info') }),
  },
  {
    path: '/payment-error/:variant',
    screen: 'payment-error',
    toProps: (p, q) => ({ variant: param(p, 'variant'), dateChange: dateChange(q), additionalInfo: q.get('additional_info') }),
  },

  // Tickets
  {
    path: '/tickets/:reservationToken',
    screen: 'ticket-redirect',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  { path: '/id/:reservationToken', screen: 'ticket', toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }) },
  {
    path: '/id/:reservationToken/receipt',
    screen: 'receipt',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  {
    path: '/id/:reservationToken/:id/:type',
    screen: 'check-in',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken'), id: param(p, 'id'), type: param(p, 'type') }),
  },
  {
    path: '/tickets/share/:reservationToken',
    screen: 'share',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  {
    path: '/tickets/shared/:reservationToken',
    screen: 'shared',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  {
    path: '/tickets/send/:reservationToken',
    screen: 'send',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  {
    path: '/tickets/changedate/:reservationToken',
    screen: 'change-date',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  {
    path: '/tickets/changedate/confirm/:reservationToken/timechange/:timechangeToken',
    screen: 'change-date-confirm',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken'), timechangeToken: param(p, 'timechangeToken') }),
  },
  {
    path: '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
    screen: 'change-date-payment',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken'), timechangeToken: param(p, 'timechangeToken') }),
  },
  {
    path: '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
    screen: 'change-date-payment-confirm',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken'), timechangeToken: param(p, 'timechangeToken') }),
  },
  {
    path: '/tickets/changedate/complete/:reservationToken',
    screen: 'change-date-complete',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },

  // Spot
  { path: '/spot', screen: 'spot-order', toProps: (_p, q) => ({ qrToken: q.get('qr_token') }) },
  { path: '/spot/payment', screen: 'spot-payment' },
  { path: '/spot/ticket-inquiry', screen: 'spot-ticket-inquiry' },
  { path: '/spot/qr/:productUUID', screen: 'spot-qr', toProps: (p) => ({ productUUID: param(p, 'productUUID') }) },
  {
    path: '/spot/order-fields/:reservationToken',
    screen: 'spot-order-fields',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
  { path: '/spot/products', screen: 'spot-products' },
  {
    path: '/spot/email-sended/:reservationToken',
    screen: 'spot-email-sended',
    toProps: (p) => ({ reservationToken: param(p, 'reservationToken') }),
  },
];

/** Screens that are finished; every other screen is a marked placeholder for now. */
export const FINISHED_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>([
  'privacy',
  'specified',
  'terms',
  'error',
  'payment-error',
  'ticket-redirect',
  'sended-mail',
  'mail-confirm',
  'membership-login',
  'sign-in',
  'payment',
  'confirm',
  'complete',
  'three-d-secure-callback',
  'payment-callback',
  'adyen-callback',
  'ticket',
  'check-in',
  'receipt',
  'share',
  'shared',
  'send',
  'reservation-inquiry',
  'mail-release',
  'mail-release-completion',
  'spot-order',
  'spot-products',
  'spot-order-fields',
  'spot-payment',
  'spot-email-sended',
  'spot-ticket-inquiry',
  'spot-qr',
  'signage',
  'change-date',
  'change-date-confirm',
  'change-date-payment',
  'change-date-payment-confirm',
  'change-date-complete',
]);

export function routesFor(isStartMailConfirmOnly: boolean): RouteEntry[] {
  return ROUTES.filter((route) => !(route.unlessMailConfirmOnly && isStartMailConfirmOnly));
}
