import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paymentApi } from '../../checkout/payment-api.ts';
import { useApp } from '../../lib/app-context.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';

/**
 * The carrier login's return (`/d-pay-confirm?code=…&state=…`): the state must be the one this
 * visit was given, and is used once; the code is exchanged for the payment token, which stays in
 * memory for the checkout. Null until then, and for any other page.
 */
export function useCarrierLogin(isReturn: boolean): { token: string | null; isChecking: boolean } {
  const app = useApp();
  const consumed = useRef<string | null>(null);
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const code = isReturn ? query.get('code') : null;
  const state = query.get('state');
  const exchange = useMutation({ mutationFn: (carrierCode: string) => paymentApi(app.api, app.siteCode).dPayToken(carrierCode) });
  const { mutate } = exchange;
  useEffect(() => {
    if (!code || consumed.current === code) return;
    consumed.current = code;
    const expected = app.session.get('dPayStateCode');
    if (!expected || expected !== state) {
      app.session.remove('dPayStateCode');
      openDialog({
        titleKey: 'dialog_d_pay_login_failed_title',
        textKey: 'dialog_d_pay_login_failed_text',
        okButtonTextKey: 'common_ok',
      });
      navigate('/d-pay-confirm', { replace: true });
      return;
    }
    mutate(code, { onSuccess: () => app.session.remove('dPayStateCode') });
  }, [app, code, state, mutate, navigate]);
  return { token: code ? (exchange.data?.payment_token ?? null) : null, isChecking: exchange.isPending };
}
