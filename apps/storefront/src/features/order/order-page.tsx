/**
 * The order page (SPEC §2, §3): product, date and time slot in the site's order procedure, then
 * quantities of options and set products; the subtotal, and on proceed a temporary order (a new
 * one, or the same one changed when the visitor came back to change it).
 */
import type { StockStatus } from '@storefront/domain/api/catalog';
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { priceOrder } from '@storefront/domain/pricing/price-order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { afterOrder } from '../../checkout/flow.ts';
import { OrderLines, ProductChoices, QuantityFields, SlotStock, TimeSpanChoices } from '../../checkout/order-sections.tsx';
import {
  chooseDate,
  chooseProduct,
  chooseTimeSpan,
  currentSection,
  flagsAfterChoice,
  type Known,
  openSections,
  ownHoldOf,
  parseSavedOrderPage,
  reconcile,
  type Section,
  type Selection,
  savedOrderPageOf,
  sectionsOf,
  selectionOf,
  setQuantity,
  withHeld,
} from '../../checkout/order-state.ts';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import {
  admissionLimit,
  conversionDataOf,
  createOrderBody,
  type OrderProblem,
  orderProblem,
  pricingInput,
  updateOrderBody,
} from '../../checkout/quantity-rules.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { Calendar } from '../../ui/calendar.tsx';
import { calendarWindow, lastOpenDate, todayInZone } from '../../ui/calendar-month.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { Accordion, sectionButtonId } from './accordion.tsx';
import { orderQueries } from './api/order-queries.ts';
import '../../ui/order-widgets.css';

/**
 * Availability is kept only while the page shows it: it changes as others buy, and a visitor
 * coming back (after taking a hold) must never see counts from an earlier visit of the page.
 */

const PROBLEM_KEYS: Record<OrderProblem, string> = {
  no_slot: 'order_choose_time',
  slot_unavailable: 'order_sold_out',
  no_admission: 'order_select_quantity',
  over_limit: 'order_max_per_order',
  set_product_over_remaining: 'order_set_products',
};

export default function OrderPage(props: ScreenProps) {
  const app = useApp();
  const { config, lang, session } = app;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const purchase = useMemo(() => purchaseApi(app.api, lang), [app.api, lang]);
  const procedure = config.orderProcedure;
  const [today] = useState(() => todayInZone(DISPLAY_TIME_ZONE));
  const range = calendarWindow(today);
  const price = (amount: number) => formatPrice(amount, config.currency, lang);

  // The saved page is read once: it says what to restore, and which product a change keeps.
  const [saved] = useState(() => parseSavedOrderPage(session.get('orderPage')));
  const [selection, setSelection] = useState<Selection>(() => selectionOf(saved));
  const [hasOrder] = useState(() => session.get('orderToken') !== null);
  const [flags, setFlags] = useState<Partial<Record<Section, boolean>>>({});
  // A new object per choice, so choosing in the same step twice still moves focus on.
  const [focusTarget, setFocusTarget] = useState<{ section: Section } | null>(null);

  // ---- what the venue sells, step by step; each answer narrows the selection (order-state.ts) ----
  const productsQuery = useQuery(catalogueQueries.products(app));
  const products = useMemo(() => productsQuery.data?.filter((p) => p.salesChannels.includes('web')), [productsQuery.data]);
  const productFor = (uuid: string | null) => products?.find((p) => p.uuid === uuid);
  const known: Known = { today, procedure, products };
  // The visit's own temporary order holds places; changing or replacing it frees them for this visitor.
  const hold = useMemo(() => ownHoldOf(saved, hasOrder, products), [saved, hasOrder, products]);
  const threshold = config.lowStockThreshold;
  const isHeldProduct = (uuid: string | undefined) => hold !== null && uuid === hold.productUuid;
  const heldPlaces = () => hold?.admissions ?? 0;

  const statusProduct = procedure === 'product_first' ? productFor(selection.productUuid) : undefined;
  const statusesQuery = useQuery({
    ...orderQueries.stockStatuses(app, purchase, range, statusProduct?.uuid),
    enabled: procedure === 'date_first' || statusProduct !== undefined,
  });
  const colorsQuery = useQuery({
    ...orderQueries.calendarColors(app, purchase, range),
    enabled: config.isCalendarColoured,
  });
  const dayStatuses =
    statusesQuery.data && (procedure === 'date_first' || isHeldProduct(statusProduct?.uuid))
      ? withHeld(statusesQuery.data, (day) => day.date === hold?.date, heldPlaces, threshold)
      : statusesQuery.data;
  known.dayStatuses = dayStatuses;

  const dayDate = reconcile(selection, known).date;
  const dayProductsQuery = useQuery({
    ...orderQueries.dayProducts(app, dayDate),
    enabled: procedure === 'date_first' && dayDate !== null,
  });
  const dayProducts = dayProductsQuery.data
    ?.filter((entry) => entry.timeSpans.length > 0)
    .map((entry) =>
      isHeldProduct(entry.product.uuid)
        ? { ...entry, timeSpans: withHeld(entry.timeSpans, (span) => span.id === hold?.timeSpanId, heldPlaces, threshold) }
        : entry,
    );
  if (procedure === 'date_first' && dayProducts) known.dayProducts = dayProducts.map((entry) => entry.product.uuid);

  const settled = reconcile(selection, known);
  const product = productFor(settled.productUuid);
  const stocksQuery = useQuery({
    ...orderQueries.stocks(app, purchase, product?.id, settled.date),
    enabled: product !== undefined && settled.date !== null,
  });
  const timeSpans =
    stocksQuery.data && isHeldProduct(product?.uuid)
      ? withHeld(stocksQuery.data.timeSpans, (span) => span.id === hold?.timeSpanId, heldPlaces, threshold)
      : stocksQuery.data?.timeSpans;
  known.timeSpans = timeSpans;

  const slotId = reconcile(selection, known).timeSpanId;
  const setProductsQuery = useQuery({
    ...orderQueries.setProducts(app, purchase, slotId),
    enabled: slotId !== null && product?.hasSetProducts === true,
  });
  const slotSetProducts = product?.hasSetProducts ? setProductsQuery.data?.[0]?.setProducts : [];
  const setProducts =
    slotSetProducts && hold && slotId === hold.timeSpanId
      ? withHeld(
          slotSetProducts,
          () => true,
          (item) => hold.setProducts[String(item.id)] ?? 0,
          threshold,
        )
      : slotSetProducts;
  known.setProducts = setProducts;

  const view = reconcile(selection, known);
  const slot = timeSpans?.find((span) => span.id === view.timeSpanId) ?? null;

  // ---- the steps ----
  const hasTimePicker = product ? product.type === 'time' : true;
  const sections = sectionsOf(procedure, hasTimePicker);
  const current = currentSection(sections, view);
  const open = openSections(sections, current, flags);
  const shown = sections.slice(0, sections.indexOf(current) + 1);

  // After a choice its step closes; focus moves to the step that opens, so keyboard users follow.
  useEffect(() => {
    if (focusTarget) document.getElementById(sectionButtonId(focusTarget.section))?.focus();
  }, [focusTarget]);

  function choose(section: Section, next: Selection) {
    const nextProduct = productFor(next.productUuid);
    const nextSections = sectionsOf(procedure, nextProduct ? nextProduct.type === 'time' : true);
    setSelection(next);
    setFlags(flagsAfterChoice(nextSections, section, flags));
    const following = nextSections[nextSections.indexOf(section) + 1];
    setFocusTarget(following ? { section: following } : null);
  }

  // ---- price, validity, proceed ----
  const quantities = {
    product: product ?? { uuid: '', maxPerOrder: 0, options: [] },
    options: view.options,
    setProducts: setProducts ?? [],
    setProductQuantities: view.setProducts,
  };
  const priced = product ? priceOrder(pricingInput(product, view.options, setProducts ?? [], view.setProducts)) : null;
  const problem = product ? orderProblem({ ...quantities, slot }) : 'no_slot';
  const isReady = product !== undefined && slot !== null && (!product.hasSetProducts || setProducts !== undefined);

  const proceed = useMutation({
    mutationFn: async () => {
      if (!product || !slot || !priced) throw new Error('the order is not complete');
      const chosen = { ...quantities, timeSpanId: slot.id };
      const token = session.get('orderToken');
      // A change keeps its temporary order (and its hold) when the product stays the same.
      const isUpdate = props.isChange === true && token !== null && saved?.productUuid === product.uuid;
      let orderToken: string;
      if (isUpdate) {
        orderToken = (await purchase.updateOrder(token, updateOrderBody(chosen))).order_token;
      } else {
        // An earlier temporary order of this visit would otherwise keep its places held.
        if (token) {
          await purchase.cancelOrder(token).catch(() => undefined);
          session.remove('orderToken');
        }
        orderToken = (await purchase.createOrder(createOrderBody(lang, chosen))).order_token;
      }
      session.set('orderToken', orderToken);
      session.set('conversionData', conversionDataOf(slot.id, priced));
    },
    onSuccess: () => {
      navigate(props.isChange && session.get('paymentPage') ? '/confirm' : afterOrder(config));
    },
    // The dialog comes from the app's error handler; the page shows fresh stock behind it.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderQueries.all }),
  });

  function onProceed() {
    const page = savedOrderPageOf(view);
    if (!page || problem || proceed.isPending) return;
    session.set('orderPage', page);
    proceed.mutate();
  }

  // ---- rendering ----
  const statuses = new Map<string, StockStatus>((dayStatuses ?? []).map((day) => [day.date, day.status]));
  const colors = useMemo(
    () => (colorsQuery.data ? new Map(colorsQuery.data.map((c) => [c.date, c.color_code])) : null),
    [colorsQuery.data],
  );
  const lastDate = dayStatuses ? lastOpenDate(dayStatuses) : null;
  const loading = <p className="order-note">{t('common_loading')}</p>;
  const isCafe = config.kind === 'cafe';
  // A cafe's own words on cancelling and not coming, where the venue has written them.
  const hasCancellationPolicy = isCafe && i18n.exists('cafe_cancellation_policy');
  const dateSummary = view.date && `${formatDate(view.date, lang)}${hasTimePicker ? '' : ` ${t('order_all_day')}`}`;

  const productItems =
    procedure === 'product_first'
      ? products?.map((p) => ({ product: p, isAvailable: true }))
      : dayProducts?.flatMap((entry) => {
          const p = productFor(entry.product.uuid);
          const isAvailable = entry.timeSpans.some((span) => span.status === 'available' || span.status === 'few');
          return p ? [{ product: p, isAvailable }] : [];
        });

  const steps: Record<Section, () => ReactNode> = {
    productList: () => (
      <Accordion
        key="productList"
        section="productList"
        title={t('order_choose_product')}
        summary={product?.name ?? null}
        isOpen={open.productList}
        onToggle={() => setFlags({ ...flags, productList: !open.productList })}
      >
        {productItems ? (
          productItems.length > 0 ? (
            <ProductChoices
              items={productItems}
              selected={view.productUuid}
              formatPrice={price}
              onSelect={(uuid) => choose('productList', chooseProduct(view, uuid))}
            />
          ) : (
            <p className="order-note">{t('order_no_slots')}</p>
          )
        ) : (
          loading
        )}
      </Accordion>
    ),
    calendarList: () => (
      <Accordion
        key="calendarList"
        section="calendarList"
        title={t('order_choose_date')}
        summary={dateSummary || null}
        isOpen={open.calendarList}
        onToggle={() => setFlags({ ...flags, calendarList: !open.calendarList })}
      >
        {dayStatuses && !colorsQuery.isLoading ? (
          lastDate ? (
            <Calendar
              lang={lang}
              today={today}
              lastDate={lastDate}
              statuses={statuses}
              colors={colors}
              selected={view.date}
              onSelect={(date) => choose('calendarList', chooseDate(view, date))}
            />
          ) : (
            <p className="order-note">{t('order_no_slots')}</p>
          )
        ) : (
          loading
        )}
      </Accordion>
    ),
    timeSpans: () => (
      <Accordion
        key="timeSpans"
        section="timeSpans"
        title={t('order_choose_time')}
        summary={slot ? `${slot.startTime}–${slot.endTime}` : null}
        isOpen={open.timeSpans}
        onToggle={() => setFlags({ ...flags, timeSpans: !open.timeSpans })}
      >
        {timeSpans ? (
          <TimeSpanChoices
            timeSpans={timeSpans}
            isCafe={isCafe}
            selected={view.timeSpanId}
            onSelect={(id) => choose('timeSpans', chooseTimeSpan(view, id))}
          />
        ) : (
          loading
        )}
      </Accordion>
    ),
    optionValues: () => (
      <Accordion
        key="optionValues"
        section="optionValues"
        title={t('order_options')}
        summary={
          priced && priced.lines.length > 0 ? priced.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ') : null
        }
        isOpen={open.optionValues}
        onToggle={() => setFlags({ ...flags, optionValues: !open.optionValues })}
      >
        {product && isReady ? (
          <>
            {!hasTimePicker && slot && (
              <p className="order-all-day">
                {dateSummary} <SlotStock span={slot} />
              </p>
            )}
            {hasTimePicker && slot?.status === 'few' && (
              <p className="order-all-day">
                {slot.startTime}–{slot.endTime} <SlotStock span={slot} isCafe={isCafe} />
              </p>
            )}
            <QuantityFields
              product={product}
              slot={slot}
              isCafe={isCafe}
              options={view.options}
              onOptionChange={(id, quantity) => setSelection({ ...view, options: setQuantity(view.options, id, quantity) })}
              setProducts={setProducts ?? []}
              setProductQuantities={view.setProducts}
              onSetProductChange={(id, quantity) =>
                setSelection({ ...view, setProducts: setQuantity(view.setProducts, id, quantity) })
              }
              lowStockThreshold={threshold}
              formatPrice={price}
            />
            {(product.presentedBy || product.caution || hasCancellationPolicy) && (
              <dl className="facts order-facts">
                {product.presentedBy && (
                  <>
                    <dt>{t('order_presented_by')}</dt>
                    <dd>{product.presentedBy}</dd>
                  </>
                )}
                {product.caution && (
                  <>
                    <dt>{t('order_caution')}</dt>
                    <dd>{product.caution}</dd>
                  </>
                )}
                {hasCancellationPolicy && (
                  <>
                    <dt>{t('order_cancellation_policy')}</dt>
                    <dd className="order-cancellation">{t('cafe_cancellation_policy')}</dd>
                  </>
                )}
              </dl>
            )}
          </>
        ) : view.date && timeSpans && !slot ? (
          <p className="order-note">{t('order_no_slots')}</p>
        ) : (
          loading
        )}
      </Accordion>
    ),
  };

  const hint = problem && t(PROBLEM_KEYS[problem], { count: product ? admissionLimit(product, slot) : 0 });

  return (
    <section className="page order-page" data-screen="order">
      <StepBar
        kind={config.isStartMailConfirmOnly ? 'short' : 'normal'}
        current="order"
        hasMembershipLogin={config.hasMembershipLogin}
      />
      <h1>{t(props.isChange ? 'order_change_title' : 'order_title')}</h1>
      {shown.map((section) => steps[section]())}
      {current === 'optionValues' && product && isReady && priced && (
        <div className="order-summary">
          <OrderLines priced={priced} formatPrice={price} holdMinutes={config.holdMinutes} />
          <p id="order-proceed-hint" className="order-hint" aria-live="polite">
            {hint}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button-primary order-proceed"
              disabled={problem !== null || proceed.isPending}
              aria-describedby={problem ? 'order-proceed-hint' : undefined}
              onClick={onProceed}
            >
              {t('order_proceed')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
