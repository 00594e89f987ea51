/**
 * Everything recorded about the order, oldest first: the order itself, payment attempts and the
 * providers' answers, mails (each opens as it was sent), shares, check-ins, date changes, refunds,
 * staff notes and audited changes. One line per entry: when, what, the details, and who.
 */
import type { OrderDetail, TimelineEntry } from '@storefront/domain/console/order-detail';
import { formatPrice } from '@storefront/domain/format';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { MailView } from './mail-view.tsx';
import { type OrderSectionProps, Section } from './order-section.tsx';

type Lang = ReturnType<typeof currentLanguage>;

const text = (value: TimelineEntry['detail'][string] | undefined) => (value === null || value === undefined ? '' : String(value));

function slotText(detail: TimelineEntry['detail'], side: 'from' | 'to') {
  return [text(detail[`${side}_date`]), text(detail[`${side}_time`])].filter(Boolean).join(' ');
}

/** The entry's sentence, from its kind and its facts. */
function describe(entry: TimelineEntry, order: OrderDetail, t: TFunction, lang: Lang): string {
  const { detail } = entry;
  const price = (value: TimelineEntry['detail'][string] | undefined) =>
    typeof value === 'number' ? formatPrice(value, order.currency, lang) : text(value);
  const key = `orderDetail.timeline.entries.${entry.kind}`;
  switch (entry.kind) {
    case 'order_created':
      return t(key, { channel: t(`salesChannels.${text(detail.channel)}`, { defaultValue: text(detail.channel) }) });
    case 'order_completed':
      return t(key, { number: text(detail.reservation_number), total: price(detail.total) });
    case 'payment_started':
      return t(key, {
        number: text(detail.payment_number),
        method: text(detail.method),
        provider: text(detail.provider),
        amount: price(detail.amount),
        status: text(detail.status),
      });
    case 'payment_event':
      return t(key, { number: text(detail.payment_number), event: text(detail.event) });
    case 'mail':
      return t(key, {
        subject: text(detail.subject),
        to: text(detail.to),
        status: t(`orderDetail.mailStatuses.${text(detail.status)}`, { defaultValue: text(detail.status) }),
      });
    case 'share_created':
    case 'share_claimed':
      return t(key, { quantity: text(detail.quantity) });
    case 'check_in':
      return t(key, { position: text(detail.position), gate: text(detail.gate) });
    case 'date_change_started':
      return t(key, { from: slotText(detail, 'from'), to: slotText(detail, 'to'), status: text(detail.status) });
    case 'date_change_completed':
      return t(key, { from: slotText(detail, 'from'), to: slotText(detail, 'to') });
    case 'refund':
      return t(key, {
        amount: price(detail.amount),
        kind: t(`orderDetail.refundKinds.${text(detail.refund_kind)}`, { defaultValue: text(detail.refund_kind) }),
        status: t(`orderDetail.refundStatuses.${text(detail.status)}`, { defaultValue: text(detail.status) }),
      });
    case 'note':
      return text(detail.body);
    case 'audit':
      return t(key, { action: text(detail.action) });
  }
}

export function OrderTimeline(props: OrderSectionProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [mailId, setMailId] = useState<string | null>(null);
  const { order } = props;
  return (
    <Section id="order-timeline-title" title={t('orderDetail.timeline.title')}>
      <ol className="order-timeline">
        {order.timeline.map((entry, index) => (
          // Entries have no id of their own; the list is only ever replaced whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={`${entry.at}-${entry.kind}-${index}`} className={`order-timeline-entry order-timeline-${entry.kind}`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
            <span className="badge">{t(`orderDetail.timeline.kinds.${entry.kind}`)}</span>
            <div className="order-timeline-text">
              <p>{describe(entry, order, t, lang)}</p>
              {entry.actor ? <p className="field-hint">{t('orderDetail.timeline.by', { actor: entry.actor })}</p> : null}
              {entry.kind === 'audit' && text(entry.detail.changes) !== '{}' ? (
                <details>
                  <summary>{t('orderDetail.timeline.changes')}</summary>
                  <pre>{JSON.stringify(JSON.parse(text(entry.detail.changes) || '{}'), null, 2)}</pre>
                </details>
              ) : null}
              {entry.mail_id ? (
                <button type="button" className="button button-small" onClick={() => setMailId(entry.mail_id)}>
                  {/* The name a screen reader hears starts with what the button shows, then which mail. */}
                  {t('orderDetail.timeline.viewMail')}
                  <span className="visually-hidden">
                    {' '}
                    {t('orderDetail.timeline.mailSubject', { subject: text(entry.detail.subject) })}
                  </span>
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <MailView venue={props.venue} orderId={order.id} mailId={mailId} onClose={() => setMailId(null)} />
    </Section>
  );
}
