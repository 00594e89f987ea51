/** The confirm page's smaller pieces: the hold, the section headings, the customer and the payment. */
import type { PaymentMethod } from '@storefront/domain/api/catalogue';
import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { needsCard, paymentProfile } from '@storefront/domain/payments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerSummary } from '../../checkout/customer-fields.ts';
import { pendingCard } from '../../checkout/pending-card.ts';
import type { TemporaryOrder } from '../../checkout/purchase-api.ts';
import { useApp } from '../../lib/app-context.tsx';

/** A section heading with its edit link; the link says which section it edits. */
export function SectionHeading(props: { id: string; titleKey: string; editTo: string | null }) {
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

export function CustomerSection(props: { order: TemporaryOrder; templates: FieldTemplate[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const app = useApp();
  const summary = customerSummary(props.templates, props.order.customerFields, app.lang);
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

export function PaymentSection(props: { order: TemporaryOrder; methods: PaymentMethod[] }) {
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
