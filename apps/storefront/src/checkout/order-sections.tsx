/** The contents of the order page's steps: products, time slots, quantities. */
import type { Product, StockStatus, TimeSpan } from '@storefront/domain/api/catalogue';
import type { PricedOrder } from '@storefront/domain/pricing/price-order';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_TEXT_KEYS } from '../ui/calendar.tsx';
import { admissionLimit, optionMax, type Quantities, type SetProductData, setProductMax } from './quantity-rules.ts';

const isOpen = (status: StockStatus) => status === 'available' || status === 'few';

export function ProductChoices(props: {
  items: readonly { product: Product; isAvailable: boolean }[];
  selected: string | null;
  onSelect: (uuid: string) => void;
  formatPrice: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="order-choices order-products">
      {props.items.map(({ product, isAvailable }) => {
        const id = `order-product-${product.id}`;
        return (
          <li key={product.uuid}>
            <button
              type="button"
              className="order-choice"
              aria-pressed={props.selected === product.uuid}
              disabled={!isAvailable}
              onClick={() => props.onSelect(product.uuid)}
            >
              <span className="order-choice-title" id={`${id}-name`}>
                {product.name}
              </span>
              <span className="order-choice-text" id={`${id}-description`}>
                {product.description}
              </span>
              <span className="order-choice-price" id={`${id}-price`}>
                {isAvailable
                  ? product.priceFrom > 0 && t('order_price_from', { price: props.formatPrice(product.priceFrom) })
                  : t('order_sold_out')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function TimeSpanChoices(props: {
  timeSpans: readonly TimeSpan[];
  selected: number | null;
  onSelect: (id: number) => void;
  /** A cafe counts seats: every open slot says how many are left. */
  isCafe?: boolean;
  /** Where a sold-out slot's visitor joins its waiting list; absent when the product has none. */
  waitingListHref?: (span: TimeSpan) => string;
}) {
  const { t } = useTranslation();
  // Slots whose entry has passed or that are not on sale are left out; sold-out ones are shown.
  const shown = props.timeSpans.filter((span) => span.status !== 'closed');
  if (shown.length === 0) return <p className="order-note">{t('order_no_slots')}</p>;
  return (
    <ul className="order-choices order-slots">
      {shown.map((span) => (
        <li key={span.id}>
          <button
            type="button"
            className="order-choice order-slot"
            aria-pressed={props.selected === span.id}
            disabled={!isOpen(span.status)}
            onClick={() => props.onSelect(span.id)}
          >
            <span className="order-choice-title">
              {span.startTime}–{span.endTime}
            </span>
            <SlotStock span={span} isCafe={props.isCafe === true} />
          </button>
          {span.status === 'sold_out' && props.waitingListHref && (
            <Link className="order-waiting-list" to={props.waitingListHref(span)}>
              {t('waiting_list_join_slot', { time: `${span.startTime}–${span.endTime}` })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The slot's stock in words: the low-stock message with its count, or the status. */
export function SlotStock(props: { span: Pick<TimeSpan, 'status' | 'remaining'>; isCafe?: boolean }) {
  const { t } = useTranslation();
  const { status, remaining } = props.span;
  const seats = props.isCafe === true && isOpen(status);
  return (
    <span className={`order-stock stock-${status}`}>
      {seats
        ? t('order_seats_left', { count: remaining })
        : status === 'few'
          ? t('order_low_stock', { count: remaining })
          : t(STATUS_TEXT_KEYS[status])}
    </span>
  );
}

function QuantitySelect(props: {
  id: string;
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <select
      id={props.id}
      className="quantity-select"
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(Number(event.target.value))}
    >
      {Array.from({ length: props.max + 1 }, (_, index) => index).map((count) => (
        <option key={count} value={count}>
          {count}
        </option>
      ))}
    </select>
  );
}

/** Admission options (places), add-on options, and the slot's set products, each with a quantity. */
export function QuantityFields(props: {
  product: Product;
  slot: TimeSpan | null;
  isCafe: boolean;
  options: Quantities;
  onOptionChange: (id: number, quantity: number) => void;
  setProducts: readonly SetProductData[];
  setProductQuantities: Quantities;
  onSetProductChange: (id: number, quantity: number) => void;
  lowStockThreshold: number;
  formatPrice: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const { product, slot } = props;
  const priceText = (amount: number) => (amount === 0 ? t('common_free') : props.formatPrice(amount));
  const optionRows = (type: 'admission' | 'addon') =>
    product.options
      .filter((option) => option.type === type)
      .map((option) => {
        const id = `order-option-${option.id}`;
        return (
          <div className="quantity-row" key={option.id}>
            <label htmlFor={id} className="quantity-label">
              <span className="quantity-name">{option.name}</span>
              <span className="quantity-price">{priceText(option.price)}</span>
            </label>
            <QuantitySelect
              id={id}
              value={props.options[String(option.id)] ?? 0}
              max={optionMax(product, slot, props.options, option.id)}
              onChange={(quantity) => props.onOptionChange(option.id, quantity)}
            />
          </div>
        );
      });
  const addons = optionRows('addon');
  return (
    <>
      <fieldset className="quantity-group">
        <legend>{t(props.isCafe ? 'order_people' : 'order_quantity')}</legend>
        <p className="order-note">
          {t(props.isCafe ? 'order_max_people_per_order' : 'order_max_per_order', { count: admissionLimit(product, null) })}
        </p>
        {optionRows('admission')}
      </fieldset>
      {addons.length > 0 && (
        <fieldset className="quantity-group">
          <legend>{t('order_addon_options')}</legend>
          {addons}
        </fieldset>
      )}
      {props.setProducts.length > 0 && (
        <fieldset className="quantity-group">
          <legend>{t('order_set_products')}</legend>
          <p className="order-note">{t('order_set_products_note')}</p>
          {props.setProducts.map((setProduct) => {
            const id = `order-set-product-${setProduct.id}`;
            const isSoldOut = setProduct.remaining <= 0;
            return (
              <div className="quantity-row" key={setProduct.id}>
                <label htmlFor={id} className="quantity-label">
                  <span className="quantity-name">{setProduct.name}</span>
                  <span className="quantity-description">{setProduct.description}</span>
                  <span className="quantity-price">{priceText(setProduct.price)}</span>
                  {(isSoldOut || setProduct.remaining <= props.lowStockThreshold) && (
                    <span className={`order-stock stock-${isSoldOut ? 'sold_out' : 'few'}`}>
                      {isSoldOut ? t('order_sold_out') : t('order_low_stock', { count: setProduct.remaining })}
                    </span>
                  )}
                </label>
                <QuantitySelect
                  id={id}
                  value={props.setProductQuantities[String(setProduct.id)] ?? 0}
                  max={setProductMax(setProduct, props.setProductQuantities)}
                  disabled={isSoldOut}
                  onChange={(quantity) => props.onSetProductChange(setProduct.id, quantity)}
                />
              </div>
            );
          })}
        </fieldset>
      )}
    </>
  );
}

/** The chosen lines with their amounts, the subtotal, and how long places are held. */
export function OrderLines(props: { priced: PricedOrder; formatPrice: (amount: number) => string; holdMinutes: number }) {
  const { t } = useTranslation();
  const price = props.formatPrice;
  return (
    <>
      <dl className="order-lines">
        {props.priced.lines.map((line) => (
          <div key={`${line.kind}-${line.id}`}>
            <dt>
              {line.name} × {line.quantity}
            </dt>
            <dd>{price(line.amount)}</dd>
          </div>
        ))}
        <div className="order-subtotal">
          <dt>{t('order_subtotal')}</dt>
          <dd>
            {price(props.priced.subtotal)} <small>{t('common_tax_included')}</small>
          </dd>
        </div>
      </dl>
      <p className="order-note">{t('order_hold_notice', { minutes: props.holdMinutes })}</p>
    </>
  );
}
