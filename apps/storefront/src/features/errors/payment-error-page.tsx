import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenProps } from '../../app/route-table.ts';

/**
 * `/payment-error`: a payment that did not complete. The inquiry variant asks the visitor to
 * contact the venue (nothing more can be done online); a date change payment says the ticket is
 * unchanged.
 */
export default function PaymentErrorPage(props: ScreenProps) {
  const { t } = useTranslation();
  const isInquiry = props.variant === 'inquiry';
  const additionalInfo = typeof props.additionalInfo === 'string' ? props.additionalInfo : null;
  const text = isInquiry
    ? 'payment_error_inquiry_text'
    : props.timeChange
      ? 'payment_error_time_change_text'
      : 'payment_error_text';
  return (
    <section className="page" data-screen="payment-error">
      <h1>{t('payment_error_title')}</h1>
      <p>{t(text)}</p>
      {isInquiry && additionalInfo && (
        <p className="reference">{t('payment_error_reservation_number', { number: additionalInfo })}</p>
      )}
      <p className="actions">
        {isInquiry ? (
          <Link className="button button-primary" to="/reservation-inquiry">
            {t('footer_reservation_inquiry')}
          </Link>
        ) : (
          !props.timeChange && (
            <Link className="button button-primary" to="/payment">
              {t('payment_error_retry')}
            </Link>
          )
        )}
      </p>
    </section>
  );
}
