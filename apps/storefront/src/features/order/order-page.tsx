/**
 * The order page, as far as it goes today: the venue's products with their "from" prices under
 * the purchase step bar. Choosing a date, slot and options comes with the purchase flow; until
 * then the page is marked as a placeholder.
 */
import { formatPrice } from '@storefront/domain/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/app-context.tsx';
import { catalogueQueries } from '../../app/catalogue-queries.ts';
import type { ScreenProps } from '../../app/route-table.ts';
import { StepBar } from '../../ui/step-bar.tsx';

export default function OrderPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const { data: products = [] } = useQuery(catalogueQueries.products(app));
  return (
    <section className="page order-page" data-placeholder="order" data-props={JSON.stringify(props)}>
      <StepBar kind="normal" current="order" hasMembershipLogin={app.config.hasMembershipLogin} />
      <h1>{t(props.isChange ? 'order_change_title' : 'order_title')}</h1>
      <h2 className="section-title">{t('order_choose_product')}</h2>
      <ul className="product-list">
        {products.map((product) => (
          <li key={product.uuid} className="product-card">
            <h3>{product.name}</h3>
            <p>{product.description}</p>
            {product.priceFrom > 0 && (
              <p className="price">
                {t('order_price_from', { price: formatPrice(product.priceFrom, app.config.currency, app.lang) })}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="placeholder-note">
        {t('placeholder_title')} — {t('placeholder_text')}
      </p>
    </section>
  );
}
