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
import { methodName } from './money.ts';
import { type OrderSectionProps, Section } from './order-section.tsx';

type Lang = ReturnType<typeof currentLanguage>;

const text = (value: TimelineEntry['detail'][string] | undefined) => (value === null || value === undefined ? '' : String(value));

function slotText(detail: TimelineEntry['detail'], side: 'from' | 'to' | null) {
  const key = (name: string) => (side ? `${side}_${name}` : name);
  return [text(detail[key('date')]), text(detail[key('time')])].filter(Boolean).join(' ');
}

/** A status code in the staff member's words (the code itself if the words are missing). */
function statusWords(t: TFunction, group: string, value: TimelineEntry['detail'][string] | undefined) {
  return t(`orderDetail.${group}.${text(value)}`, { defaultValue: text(value) });
}

/** A provider's answer in words: its status, or a notification carrying one; never the ledger's key. */
function paymentEventWords(t: TFunction, event: string): string {
  const words = (status: string) =>
    t(`orderDetail.timeline.paymentEvents.${status}`, { defaultValue: t('orderDetail.timeline.paymentEvents.other') });
  if (event.startsWith('notification:')) {
    return t('orderDetail.timeline.paymentEvents.notification', { status: words(event.slice('notification:'.length)) });
  }
  return words(event);
}

/** The changes an audited cancellation recorded, in words: which admissions, the refund, the reason. */
function auditFacts(entry: TimelineEntry, t: TFunction, price: (value: number) => string): string[] {
  let changes: Record<string, unknown>;
  try {
    changes = JSON.parse(text(entry.detail.changes) || '{}') as Record<string, unknown>;
  } catch {
    return [];
  }
  const facts: string[] = [];
  const action = text(entry.detail.action);
  if (action === 'admissions_cancelled' || action === 'cancelled_by_visitor') {
    const positions = Array.isArray(changes.positions) ? changes.positions.join(', ') : '';
    const refund = (changes.refund ?? {}) as { amount?: unknown };
    facts.push(
      t('orderDetail.timeline.cancelledAdmissions', {
        positions,
        amount: price(typeof refund.amount === 'number' ? refund.amount : 0),
      }),
    );
  }
  if (typeof changes.reason === 'string' && changes.reason.trim() !== '') {
    facts.push(t('orderDetail.timeline.auditReason', { reason: changes.reason }));
  }
  return facts;
}

/** What a hold kept: places of the slot, or a set product sold with it (named as the order's line names it). */
function heldWhat(entry: TimelineEntry, order: OrderDetail, t: TFunction, lang: Lang) {
  const quantity = Number(entry.detail.quantity ?? 0);
  const setProductId = entry.detail.set_product_id;
  if (typeof setProductId !== 'number') return t('orderDetail.timeline.heldPlaces', { count: quantity });
  const line = order.lines.find((l) => l.kind === 'set_product' && l.id === setProductId);
  const item = line ? (line.name[lang] ?? Object.values(line.name)[0] ?? '') : `#${setProductId}`;
  return t('orderDetail.timeline.heldItem', { quantity, item });
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
    case 'hold_taken':
      return t(key, {
        what: heldWhat(entry, order, t, lang),
        slot: slotText(detail, null),
        expires: formatDateTime(text(detail.expires_at), lang),
      });
    case 'hold_ended':
      return t(`${key}.${text(detail.outcome) === 'sold' ? 'sold' : 'released'}`, {
        what: heldWhat(entry, order, t, lang),
        slot: slotText(detail, null),
      });
    case 'payment_started':
      return t(key, {
        number: text(detail.payment_number),
        method: methodName(order, text(detail.method), lang),
        provider: t(`orderDetail.providers.${text(detail.provider)}`, { defaultValue: text(detail.provider) }),
        amount: price(detail.amount),
        status: statusWords(t, 'paymentStatuses', detail.status),
      });
    case 'payment_event':
      return t(key, { number: text(detail.payment_number), event: paymentEventWords(t, text(detail.event)) });
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
      return t(key, {
        from: slotText(detail, 'from'),
        to: slotText(detail, 'to'),
        status: statusWords(t, 'dateChangeStatuses', detail.status),
      });
    case 'date_change_completed':
      return t(key, { from: slotText(detail, 'from'), to: slotText(detail, 'to') });
    case 'refund':
      return t(key, {
        amount: price(detail.amount),
        kind: t(`orderDetail.refundKinds.${text(detail.refund_kind)}`, { defaultValue: text(detail.refund_kind) }),
        status: statusWords(t, 'refundStatuses', detail.status),
      });
    case 'note':
      return text(detail.body);
    case 'audit':
      return t(key, {
        action: t(`orderDetail.timeline.auditActions.${text(detail.action)}`, {
          defaultValue: t('orderDetail.timeline.auditActions.other'),
        }),
      });
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
              <p>
                {describe(entry, order, t, lang)}
                {entry.detail.for_date_change === true ? (
                  <span className="field-hint"> ({t('orderDetail.forDateChange')})</span>
                ) : null}
              </p>
              {entry.kind === 'date_change_completed' && entry.detail.refund_status ? (
                <p className="field-hint">{statusWords(t, 'dateChangeRefundStatuses', entry.detail.refund_status)}</p>
              ) : null}
              {entry.kind === 'mail' ? (
                <p className="field-hint">
                  {t(`orderDetail.mailKinds.${text(entry.detail.mail_kind)}`, {
                    defaultValue: t('orderDetail.mailKinds.other'),
                  })}
                </p>
              ) : null}
              {entry.kind === 'audit'
                ? auditFacts(entry, t, (value) => formatPrice(value, order.currency, lang)).map((fact) => (
                    <p key={fact} className="field-hint">
                      {fact}
                    </p>
                  ))
                : null}
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
