import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenProps } from '../../lib/routes.ts';

/**
 * `/payment-error` (`?time_change=…&additional_info=…`): a payment that did not complete and
 * cannot simply be tried again. The inquiry variant (a refund that failed) asks the visitor to
 * contact the venue and quotes the reference it was given (the reservation or payment number); a date change payment
 * (time_change=true) says the ticket is unchanged and leads to finding the reservation; otherwise
 * the visitor may return to payment. additional_info, when given, is always shown to quote.
 */
export default function PaymentErrorPage(props: ScreenProps) {
  const { t } = useTranslation();
  const isInquiry = props.variant === 'inquiry';
  const isDateChange = props.dateChange === true;
  const additionalInfo =
    typeof props.additionalInfo === 'string' && props.additionalInfo.trim() !== '' ? props.additionalInfo : null;
  const text = isInquiry ? 'payment_error_inquiry_text' : isDateChange ? 'payment_error_time_change_text' : 'payment_error_text';
  return (
    <section
      className="page"
      data-screen="payment-error"
      data-time-change={isDateChange}
      data-variant={isInquiry ? 'inquiry' : ''}
    >
      <h1>{t('payment_error_title')}</h1>
      <p>{t(text)}</p>
      {additionalInfo && (
        <p className="reference" data-additional-info>
          {t('payment_error_reference', { number: additionalInfo })}
        </p>
      )}
      <p className="actions">
        {isInquiry || isDateChange ? (
          <Link className="button button-primary" to="/reservation-inquiry">
            {t(isInquiry ? 'footer_reservation_inquiry' : 'payment_error_find_ticket')}
          </Link>
        ) : (
          <Link className="button button-primary" to="/payment">
            {t('payment_error_retry')}
          </Link>
        )}
      </p>
    </section>
  );
}
