import { describe, expect, it } from 'vitest';
import { ROUTES, routesFor } from './route-table.ts';

describe('route table', () => {
  it('has every path of SPEC §2', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of [
      '/privacy',
      '/specified',
      '/terms',
      '/reservation-inquiry',
      '/mail-release/:mailToken',
      '/mail-release-completion',
      '/signage/today-ticket-info',
      '/',
      '/order',
      '/sign-in',
      '/membership-login',
      '/sended-mail',
      '/mail-confirm',
      '/payment',
      '/confirm',
      '/complete',
      '/error',
      '/d-pay-confirm',
      '/payment-callback/:paymentType/:status',
      '/payment-callback/gmo3ds',
      '/payment-callback/sbps3ds',
      '/payment-callback/:paymentType',
      '/adyen-callback',
      '/payment-error',
      '/tickets/:reservationToken',
      '/id/:reservationToken',
      '/id/:reservationToken/:id/:type',
      '/id/:reservationToken/receipt',
      '/tickets/share/:reservationToken',
      '/tickets/shared/:reservationToken',
      '/tickets/send/:reservationToken',
      '/tickets/changedate/:reservationToken',
      '/tickets/changedate/confirm/:reservationToken/timechange/:timechangeToken',
      '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
      '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
      '/tickets/changedate/complete/:reservationToken',
      '/spot',
      '/spot/payment',
      '/spot/ticket-inquiry',
      '/spot/qr/:productUUID',
      '/spot/order-fields/:reservationToken',
      '/spot/products',
      '/spot/email-sended/:reservationToken',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('registers sign-in only when start-mail-confirm-only is off', () => {
    expect(routesFor(false).map((r) => r.path)).toContain('/sign-in');
    expect(routesFor(true).map((r) => r.path)).not.toContain('/sign-in');
  });

  it('passes route params and named queries as props', () => {
    const props = (path: string, params: Record<string, string>, query: string) =>
      ROUTES.find((r) => r.path === path)?.toProps?.(params, new URLSearchParams(query));
    expect(props('/order', {}, 'ref=c')).toEqual({ isChange: true });
    expect(props('/payment', {}, '')).toEqual({ isChange: false });
    expect(
      props('/payment-callback/:paymentType/:status', { paymentType: 'paypay', status: 'success' }, 'time_change=true'),
    ).toEqual({
      provider: 'wallet',
      paymentType: 'paypay',
      status: 'success',
      paymentNumber: null,
      dateChange: true,
    });
    expect(props('/payment-callback/gmo3ds', {}, 'md=P0000001&time_change=false')).toEqual({
      provider: 'gmo3ds',
      paymentNumber: 'P0000001',
      dateChange: false,
    });
    expect(props('/payment-callback/sbps3ds', {}, 'payment_number=P0000002')).toEqual({
      provider: 'sbps3ds',
      paymentNumber: 'P0000002',
      dateChange: false,
    });
    expect(props('/adyen-callback', {}, 'payment_number=P0000003&time_change=true')).toEqual({
      provider: 'adyen',
      paymentNumber: 'P0000003',
      dateChange: true,
    });
    expect(props('/payment-error/:variant', { variant: 'inquiry' }, 'time_change=false&additional_info=x')).toEqual({
      variant: 'inquiry',
      dateChange: false,
      additionalInfo: 'x',
    });
    expect(props('/spot', {}, 'qr_token=abc')).toEqual({ qrToken: 'abc' });
    expect(props('/mail-release/:mailToken', { mailToken: 'm1' }, '')).toEqual({ mailToken: 'm1' });
  });
});
