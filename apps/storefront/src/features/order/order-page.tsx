/**
 * The order page (SPEC §2, §3): product, date and time slot in the site's order procedure, then
 * quantities of options and set products; the subtotal, and on proceed a temporary order (a new
 * one, or the same one changed when the visitor came back to change it).
 */
import type { StockStatus } from '@storefront/domain/api/catalogue';
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { priceOrder } from '@storefront/domain/pricing/price-order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OrderLines, ProductChoices, QuantityFields, SlotStock, TimeSpanChoices } from '../../checkout/order-sections.tsx';
import {
  chooseDate,
  chooseProduct,
  chooseTimeSpan,
  currentSection,
  flagsAfterChoice,
  openSections,
  parseSavedOrderPage,
  type Section,
  type Selection,
  savedOrderPageOf,
  sectionsOf,
  selectionOf,
  setQuantity,
} from '../../checkout/order-state.ts';
import { purchaseApi } from '../../checkout/purchase-api.ts';
import { admissionLimit, atSlotPrices, type OrderProblem, orderProblem, pricingInput } from '../../checkout/quantity-rules.ts';
import { useApp } from '../../lib/app-context.tsx';
import { catalogueQueries } from '../../lib/catalogue-queries.ts';
import type { ScreenProps } from '../../lib/routes.ts';
import { Calendar } from '../../ui/calendar.tsx';
import { calendarWindow, lastOpenDate, todayInZone } from '../../ui/calendar-month.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { Accordion, sectionButtonId } from './accordion.tsx';
import { ProductFacts } from './product-facts.tsx';
import { ShopPicture } from './shop-picture.tsx';
import { useOrderStock } from './use-order-stock.ts';
import { useProceedOrder } from './use-proceed-order.ts';

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
  const { t } = useTranslation();
  const _navigate = useNavigate();
  const _queryClient = useQueryClient();
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

  const stock = useOrderStock(app, purchase, { today, range, saved, hasOrder }, selection);
  const { products, productFor, dayStatuses, colorsQuery, dayProducts, timeSpans, setProducts, view, slot } = stock;
  // At the chosen slot, its own prices are the ones shown, added up and charged.
  const product = stock.product && atSlotPrices(stock.product, slot);
  const threshold = config.lowStockThreshold;
  // A sold-out slot of a product with a waiting list links to joining it.
  const waitingLists = useQuery(catalogueQueries.waitingListProducts(app));
  // A sold-out day cannot be chosen: the calendar links to the list, for the product when it is chosen.
  const listed = new Set((waitingLists.data?.products ?? []).map((p) => p.product_id));
  const calendarProduct = procedure === 'product_first' ? product : undefined;
  const hasSoldOutDay = (stock.dayStatuses ?? []).some((day) => day.status === 'sold_out');
  const dayWaitingListHref =
    hasSoldOutDay && (calendarProduct ? listed.has(calendarProduct.id) : procedure === 'date_first' && listed.size > 0)
      ? `/waiting-list${calendarProduct ? `?${new URLSearchParams({ product: calendarProduct.uuid })}` : ''}`
      : null;
  const hasWaitingList = product !== undefined && listed.has(product.id);
  const waitingListHref = (span: { id: number; date: string }) =>
    `/waiting-list?${new URLSearchParams({ product: product?.uuid ?? '', date: span.date, slot: String(span.id) })}`;

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

  const proceed = useProceedOrder(app, purchase, { isChange: props.isChange === true, saved });

  function onProceed() {
    const page = savedOrderPageOf(view);
    if (!page || problem || proceed.isPending) return;
    session.set('orderPage', page);
    proceed.mutate({ product, slot, priced, quantities });
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
            <>
              <Calendar
                lang={lang}
                today={today}
                lastDate={lastDate}
                statuses={statuses}
                colors={colors}
                selected={view.date}
                onSelect={(date) => choose('calendarList', chooseDate(view, date))}
              />
              {dayWaitingListHref && (
                <p className="order-note">
                  <Link className="order-waiting-list" to={dayWaitingListHref}>
                    {t('waiting_list_join_day')}
                  </Link>
                </p>
              )}
            </>
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
            {...(hasWaitingList ? { waitingListHref } : {})}
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
            {product.image && (
              <ShopPicture image={product.image} sizes="(min-width: 768px) 40rem, 100vw" className="order-product-image" isLazy />
            )}
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
            <ProductFacts product={product} isCafe={isCafe} />
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
      {config.heroImage && (
        <ShopPicture
          image={{ ...config.heroImage, alt: localize(config.heroImage.alt, lang) }}
          sizes="(min-width: 768px) 48rem, 100vw"
          className="order-hero"
          isLazy={false}
        />
      )}
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
