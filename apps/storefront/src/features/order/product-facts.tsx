import { useTranslation } from 'react-i18next';

/** Who presents the product, its caution, and a cafe's own words on cancelling, where written. */
export function ProductFacts(props: { product: { presentedBy: string; caution: string }; isCafe: boolean }) {
  const { product } = props;
  const { t, i18n } = useTranslation();
  // A cafe's own words on cancelling and not coming, where the venue has written them.
  const hasCancellationPolicy = props.isCafe && i18n.exists('cafe_cancellation_policy');
  if (!product.presentedBy && !product.caution && !hasCancellationPolicy) return null;
  return (
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
  );
}
