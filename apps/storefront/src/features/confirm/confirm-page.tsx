/**
 * `/confirm` (and `/d-pay-confirm`, the same screen for the d-pay wallet): the whole temporary
 * order for a last look, coupons, and the checkout. On success the visit's data is reset, the
 * complete page's data kept, the purchase tracked, and the visitor taken to `/complete`.
 */
import type { PaymentMethod } from '@storefront/domain/api/catalog';
import type { PaymentMethodId } from '@storefront/domain/constants';
import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { needsCard, paymentProfile } from '@storefront/domain/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { customerSummary } from '../../checkout/customer-fields.ts';
import { followAnswer } from '../../checkout/finish-payment.ts';
import { checkoutBlocker, inShopTime, orderLines, reservationOf } from '../../checkout/order-summary.ts';
import { paymentApi } from '../../checkout/payment-api.ts';
import { pendingCard } from '../../checkout/pending-card.ts';
import { purchaseApi, type TemporaryOrder } from '../../checkout/purchase-api.ts';
import { purchaseQueries } from '../../checkout/purchase-queries.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import { useRouteFailure } from '../../lib/errors/route-failure.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { showToast } from '../../ui/toast/toast-store.ts';
import '../../ui/forms.css';
import '../../ui/confirm-layout.css';
import { CouponEntry } from '../../ui/coupon-entry.tsx';

export default function ConfirmPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  // Read once: checkout resets the session before this page has gone.
  const [token] = useState(() => app.session.get('orderToken'));
  const { data: order } = useQuery({ ...purchaseQueries.order(app, token ?? ''), enabled: token !== null });
  const { data: templates = [] } = useQuery(purchaseQueries.fieldTemplates(app));
  const { data: methods = [] } = useQuery(catalogueQueries.paymentMethods(app, 'web'));
  if (!token) return <Navigate to="/order" replace />;
  return (
    <section className="page confirm-page" data-screen="confirm" data-d-pay={props.isDPay === true}>
      <StepBar
        kind={app.config.isStartMailConfirmOnly ? 'mail-only' : 'normal'}
        current="confirm"
        hasMembershipLogin={app.config.hasMembershipLogin}
      />
      <h1>{t('confirm_title')}</h1>
      <p>{t('confirm_text')}</p>
      {order ? (
        <ConfirmContent order={order} token={token} templates={templates} methods={methods} isDPay={props.isDPay === true} />
      ) : (
        <p className="checkout-loading" aria-busy="true">
          {t('common_loading')}
        </p>
      )}
    </section>
  );
}

type ContentProps = {
  order: TemporaryOrder;
  token: string;
  templates: FieldTemplate[];
  methods: PaymentMethod[];
  /** `/d-pay-confirm`: the return from the carrier login, with its code and state. */
  isDPay: boolean;
};

function ConfirmContent({ order, token, templates, methods, isDPay }: ContentProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const price = (amount: number) => formatPrice(amount, app.config.currency, app.lang);
  const hasSignIn = !app.config.isStartMailConfirmOnly;
  const payments = paymentApi(app.api, app.siteCode);
  const go = (path: string) => navigate(path, { replace: true });
  const routeFailure = useRouteFailure();
  const isCarrier = paymentProfile(order.paymentMethod)?.kind === 'carrier';
  const carrierLogin = useCarrierLogin(isDPay && isCarrier);
  const carrierToken = carrierLogin.token;
  // The browser is on its way to the provider: the button stays busy until the page goes.
  const [isLeaving, setLeaving] = useState(false);
  useEffect(() => {
    // Back from the provider's page to this one kept in the browser's cache: it can be used again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const checkout = useMutation({
    mutationFn: () =>
      payments.checkout(token, {
        payment_method: order.paymentMethod as PaymentMethodId,
        card_token: carrierToken ?? pendingCard.current()?.token ?? undefined,
      }),
    meta: { routesOwnFailure: true },
    onSuccess: (answer) => {
      if (answer.status === 'requires_action') setLeaving(true);
      followAnswer(app, answer, order, go);
    },
    onError: (error) => {
      routeFailure(error, { context: { kind: 'purchase' }, dateChange: false, onlyPaymentFailures: true });
    },
  });

  // The carrier login comes first: its page, then back to /d-pay-confirm with a code.
  const login = useMutation({
    mutationFn: () => payments.dAccountAuth(token),
    onSuccess: (auth) => {
      setLeaving(true);
      app.session.set('dPayStateCode', auth.state_code);
      window.location.assign(auth.auth_url);
    },
  });

  const needsLogin = isCarrier && carrierToken === null;
  const onPay = () => {
    const blocker = checkoutBlocker(order, { hasCard: pendingCard.current() !== null, hasSignIn });
    if (blocker) {
      navigate(blocker);
      return;
    }
    if (needsLogin) login.mutate();
    else checkout.mutate();
  };
  const isBusy = checkout.isPending || login.isPending || carrierLogin.isChecking || isLeaving;

  return (
    <div className="confirm-layout">
      <HoldNotice expiresAt={order.expiresAt} />
      <OrderSection order={order} token={token} price={price} />
      <div className="confirm-side">
        <CustomerSection order={order} templates={templates} canEdit={hasSignIn} />
        <PaymentSection order={order} methods={methods} />
        <div className="confirm-pay">
          <p className="confirm-pay-total">
            <span>{t('confirm_total')}</span>
            <strong>{price(order.price)}</strong>
          </p>
          {isCarrier && (
            <p className="confirm-note confirm-carrier-note" data-d-pay-ready={!needsLogin}>
              {t(needsLogin ? 'payment_d_pay_note' : 'confirm_d_pay_ready')}
            </p>
          )}
          <p className="confirm-note">{t('confirm_no_cancel_note')}</p>
          <p className="confirm-note">{t('confirm_agree_note')}</p>
          <button type="button" className="button button-primary confirm-submit" disabled={isBusy} onClick={onPay}>
            {t(isBusy ? 'payment_processing' : needsLogin ? 'confirm_d_pay_login' : 'confirm_submit')}
          </button>
          <p className="visually-hidden" role="status">
            {isBusy ? t('payment_processing') : ''}
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * The carrier login's return (`/d-pay-confirm?code=…&state=…`): the state must be the one this
 * visit was given, and is used once; the code is exchanged for the payment token, which stays in
 * memory for the checkout. Null until then, and for any other page.
 */
function useCarrierLogin(isReturn: boolean): { token: string | null; isChecking: boolean } {
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

/** Until when the places are held, in the venue's time. */
function HoldNotice(props: { expiresAt: string }) {
  const { t } = useTranslation();
  return (
    <p className="confirm-hold">
      <time dateTime={props.expiresAt}>{t('confirm_hold_until', { time: inShopTime(props.expiresAt).time })}</time>
    </p>
  );
}

/** A section heading with its edit link; the link says which section it edits. */
function SectionHeading(props: { id: string; titleKey: string; editTo: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="confirm-section-head">
      <h2 id={props.id} className="section-title">
        {t(props.titleKey)}
      </h2>
      {props.editTo && (
        <Link className="confirm-edit" to={props.editTo} aria-describedby={props.id}>
          {t('common_edit')}
        </Link>
      )}
    </div>
  );
}

function OrderSection(props: { order: TemporaryOrder; token: string; price: (amount: number) => string }) {
  const { order, price } = props;
  const app = useApp();
  const { t } = useTranslation();
  const headingId = useId();
  const visit = reservationOf(order);
  const lines = orderLines(order);
  return (
    <section className="confirm-card confirm-order" aria-labelledby={headingId}>
      <SectionHeading id={headingId} titleKey="confirm_section_order" editTo="/order?ref=c" />
      <dl className="confirm-facts">
        <div className="confirm-fact">
          <dt>{t('confirm_product')}</dt>
          <dd>{order.mainProduct.name}</dd>
        </div>
        <div className="confirm-fact">
          <dt>{t('confirm_date')}</dt>
          <dd>
            <time dateTime={visit.date}>{formatDate(visit.date, app.lang)}</time>
          </dd>
        </div>
        <div className="confirm-fact">
          <dt>{t('confirm_time')}</dt>
          <dd>
            <time dateTime={order.mainProduct.reservationFrom}>{visit.from}</time>–
            <time dateTime={order.mainProduct.reservationTo}>{visit.to}</time>
          </dd>
        </div>
      </dl>

      <h3 className="confirm-subtitle">{t('confirm_options')}</h3>
      <PricedLines lines={lines.options} price={price} />

      {lines.setProducts.length > 0 && (
        <>
          <h3 className="confirm-subtitle">{t('confirm_set_products')}</h3>
          <PricedLines lines={lines.setProducts} price={price} />
        </>
      )}

      <CouponBox order={order} token={props.token} price={price} />

      <dl className="confirm-totals">
        <div>
          <dt>{t('confirm_subtotal')}</dt>
          <dd>{price(order.subtotal)}</dd>
        </div>
        {order.membershipPromotion && order.membershipPromotion.discount > 0 && (
          <div>
            <dt>
              {t('confirm_membership_promotion')}: {order.membershipPromotion.name}
            </dt>
            <dd>−{price(order.membershipPromotion.discount)}</dd>
          </div>
        )}
        {order.discount > 0 && (
          <div>
            <dt>{t('confirm_discount')}</dt>
            <dd>−{price(order.discount)}</dd>
          </div>
        )}
        <div className="confirm-total">
          <dt>{t('confirm_total')}</dt>
          <dd>{price(order.price)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Lines with their unit price, count and amount. */
function PricedLines(props: {
  lines: readonly { id: number; name: string; unitPrice: number; quantity: number; amount: number }[];
  price: (amount: number) => string;
}) {
  return (
    <ul className="confirm-lines">
      {props.lines.map((line) => (
        <li key={line.id}>
          <span className="confirm-line-name">{line.name}</span>
          <span className="confirm-line-unit">
            {props.price(line.unitPrice)} × {line.quantity}
          </span>
          <span className="confirm-line-amount">{props.price(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The coupons on the order, each removable, and the entry for one more. */
function CouponBox(props: { order: TemporaryOrder; token: string; price: (amount: number) => string }) {
  const { order, token, price } = props;
  const app = useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const orderKey = purchaseQueries.order(app, token).queryKey;
  const remove = useMutation({
    mutationFn: (couponId: number) => purchaseApi(app.api, app.lang).removeCoupon(token, couponId),
    onSuccess: async (updated) => {
      showToast(t('order_coupon_removed'));
      queryClient.setQueryData(orderKey, updated);
      await queryClient.invalidateQueries({ queryKey: orderKey });
    },
  });

  return (
    <div className="confirm-coupons">
      {order.coupons.length > 0 && (
        <ul className="confirm-lines confirm-coupon-list">
          {order.coupons.map((coupon) => (
            <li key={coupon.id}>
              <span className="confirm-line-name" id={`coupon-${coupon.id}`}>
                {t('confirm_coupon')}: {coupon.name} <span className="confirm-coupon-code">({coupon.code})</span>
              </span>
              <button
                type="button"
                className="confirm-coupon-remove"
                aria-describedby={`coupon-${coupon.id}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(coupon.id)}
              >
                {t('order_coupon_remove')}
              </button>
              <span className="confirm-line-amount">−{price(coupon.discount)}</span>
            </li>
          ))}
        </ul>
      )}
      <CouponEntry
        id="confirm-coupon"
        className="confirm-coupon-form"
        rowClassName="confirm-coupon-row"
        apply={(code) => purchaseApi(app.api, app.lang).applyCoupon(token, code)}
        onApplied={async (result) => {
          queryClient.setQueryData(orderKey, result.order);
          await queryClient.invalidateQueries({ queryKey: orderKey });
        }}
      />
    </div>
  );
}

function CustomerSection(props: { order: TemporaryOrder; templates: FieldTemplate[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const summary = customerSummary(props.templates, props.order.customerFields);
  return (
    <section className="confirm-card" aria-labelledby={headingId}>
      <SectionHeading id={headingId} titleKey="confirm_section_customer" editTo={props.canEdit ? '/sign-in?ref=c' : null} />
      {summary.lines.length > 0 && (
        <dl className="confirm-facts">
          {summary.lines.map((line) => (
            <div key={line.fieldName} className="confirm-fact">
              <dt>{t(line.labelKey)}</dt>
              <dd>{line.textKey ? t(line.textKey) : line.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {summary.mailMagazines.length > 0 && (
        <ul className="confirm-checks">
          {summary.mailMagazines.map((labelKey) => (
            <li key={labelKey}>{t(labelKey)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PaymentSection(props: { order: TemporaryOrder; methods: PaymentMethod[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const method = props.order.paymentMethod;
  const name =
    props.methods.find((candidate) => candidate.method === method)?.name ?? (method ? t(`payment_method_${method}`) : '');
  const card = needsCard(method) ? pendingCard.current() : null;
  // A coupon can make the order free, or removing one make it cost money: the method must change.
  const mustChange = method !== null && (props.order.price === 0) !== (paymentProfile(method)?.kind === 'free');
  return (
    <section className="confirm-card" aria-labelledby={headingId}>
      <SectionHeading id={headingId} titleKey="confirm_section_payment" editTo="/payment?ref=c" />
      <p className="confirm-payment">
        <span>{name}</span>
        {card && (
          <span className="confirm-card-number">
            {t('payment_card_number')}: **** {card.last4}
          </span>
        )}
      </p>
      {mustChange && (
        <p className="confirm-payment-change">{t(props.order.price === 0 ? 'payment_free_note' : 'payment_choose_method')}</p>
      )}
    </section>
  );
}
