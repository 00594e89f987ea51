/**
 * `/spot/products?qr_token=…`: the tickets for the chosen slot (admissions, add-ons, set products)
 * and their price; on proceed a spot temporary order holds the places.
 */
import { formatPrice } from '@storefront/domain/format';
import { priceOrder } from '@storefront/domain/pricing/price-order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { OrderLines, QuantityFields } from '../../checkout/order-sections.tsx';
import { setQuantity } from '../../checkout/order-state.ts';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { admissionLimit, createOrderBody, type OrderProblem, orderProblem, pricingInput } from '../../checkout/quantity-rules.ts';
import { useApp } from '../../lib/app-context.tsx';
import { StepBar } from '../../ui/step-bar.tsx';
import { spotApi } from './api/spot-api.ts';
import { spotQueries } from './api/spot-queries.ts';
import { readSavedSpotOrder, type SavedSpotOrder, spotPath } from './spot-flow.ts';
import '../../ui/order-steps.css';
import '../../ui/order-choices.css';
import '../../ui/calendar.css';
import '../../ui/quantities.css';
import '../../ui/order-summary.css';
import './spot.css';

const PROBLEM_KEYS: Record<OrderProblem, string> = {
  no_slot: 'order_choose_time',
  slot_unavailable: 'order_sold_out',
  no_admission: 'order_select_quantity',
  over_limit: 'order_max_per_order',
  set_product_over_remaining: 'order_set_products',
};

export default function SpotProductsPage() {
  const app = useApp();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const qrToken = query.get('qr_token');
  const [saved] = useState(() => readSavedSpotOrder(app.session.get('spotOrderPage')));
  if (!qrToken || !saved) return <Navigate to={spotPath('/spot', qrToken)} replace />;
  return (
    <section className="page spot-page" data-screen="spot-products">
      <StepBar kind="spot" current="order" hasMembershipLogin={false} />
      <h1>{t('spot_products_title')}</h1>
      <Tickets qrToken={qrToken} saved={saved} />
    </section>
  );
}

function Tickets(props: { qrToken: string; saved: SavedSpotOrder }) {
  const { qrToken } = props;
  const app = useApp();
  const { config, lang, session } = app;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(props.saved);
  const price = (amount: number) => formatPrice(amount, config.currency, lang);

  const stocks = useQuery(spotQueries.stocks(app, qrToken));
  const product = stocks.data?.product;
  const slot = stocks.data?.timeSpans.find((span) => span.id === choice.timeSpanId) ?? null;
  const setProductsQuery = useQuery({
    ...spotQueries.setProducts(app, qrToken, choice.timeSpanId),
    enabled: product?.hasSetProducts === true && slot !== null,
  });
  const setProducts = product?.hasSetProducts ? setProductsQuery.data?.[0]?.setProducts : [];

  const proceed = useMutation({
    mutationFn: async () => {
      if (!product || !slot || !setProducts) throw new Error('the order is not complete');
      // An earlier spot order of this visit would otherwise keep its places held.
      const earlier = session.get('spotOrderToken');
      if (earlier) {
        await purchaseApi(app.api, lang)
          .cancelOrder(earlier)
          .catch(() => undefined);
        session.remove('spotOrderToken');
      }
      const body = createOrderBody(lang, {
        product,
        timeSpanId: slot.id,
        options: choice.options,
        setProducts,
        setProductQuantities: choice.setProducts,
      });
      return spotApi(app.api, lang).createOrder(qrToken, body);
    },
    onSuccess: (order) => {
      session.set('spotOrderToken', order.order_token);
      navigate(spotPath(`/spot/order-fields/${encodeURIComponent(order.order_token)}`, qrToken));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ['spot'] }),
  });

  if (!stocks.data || !product || (product.hasSetProducts && slot && !setProducts)) {
    return <p className="spot-lead">{t(stocks.isError ? 'spot_qr_unusable' : 'common_loading')}</p>;
  }
  if (!slot) {
    return (
      <>
        <p className="spot-lead">{t('spot_slot_gone')}</p>
        <p className="actions">
          <Link className="button button-primary" to={spotPath('/spot', qrToken)}>
            {t('spot_choose_other_slot')}
          </Link>
        </p>
      </>
    );
  }

  const chosenSetProducts = setProducts ?? [];
  const priced = priceOrder(pricingInput(product, choice.options, chosenSetProducts, choice.setProducts));
  const problem = orderProblem({
    product,
    slot,
    options: choice.options,
    setProducts: chosenSetProducts,
    setProductQuantities: choice.setProducts,
  });
  const update = (next: SavedSpotOrder) => {
    setChoice(next);
    session.set('spotOrderPage', next);
  };

  return (
    <>
      <div className="spot-product spot-product-compact">
        <h2 className="spot-product-name">{product.name}</h2>
        <p className="spot-slot-time">
          {slot.startTime}–{slot.endTime}{' '}
          <Link className="spot-change" to={spotPath('/spot', qrToken)}>
            {t('spot_change_slot')}
          </Link>
        </p>
      </div>
      <QuantityFields
        product={product}
        slot={slot}
        isCafe={config.kind === 'cafe'}
        options={choice.options}
        onOptionChange={(id, quantity) => update({ ...choice, options: setQuantity(choice.options, id, quantity) })}
        setProducts={chosenSetProducts}
        setProductQuantities={choice.setProducts}
        onSetProductChange={(id, quantity) => update({ ...choice, setProducts: setQuantity(choice.setProducts, id, quantity) })}
        lowStockThreshold={stocks.data.lowStockThreshold}
        formatPrice={price}
      />
      <div className="order-summary">
        <OrderLines priced={priced} formatPrice={price} holdMinutes={config.holdMinutes} />
        <p id="spot-proceed-hint" className="order-hint" aria-live="polite">
          {problem && t(PROBLEM_KEYS[problem], { count: admissionLimit(product, slot) })}
        </p>
        <div className="actions">
          <button
            type="button"
            className="button button-primary order-proceed"
            disabled={problem !== null || proceed.isPending}
            aria-describedby={problem ? 'spot-proceed-hint' : undefined}
            onClick={() => proceed.mutate()}
          >
            {t('order_proceed')}
          </button>
        </div>
      </div>
    </>
  );
}
