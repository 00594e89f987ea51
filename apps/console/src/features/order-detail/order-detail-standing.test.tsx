/**
 * The order detail after one of two admissions was cancelled with a refund (issue 40, item 3):
 * the summary says where the order stands now — partly cancelled, refunded in part, one of two
 * admissions standing, the amount kept beside what was paid — and the timeline speaks in words in
 * the console's language, never the records' keys.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const ORDER_ID = '6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const MAIL_ID = '0b6a4c2e-8f1d-4e3a-b2c1-9d8e7f6a5b4c';
const ORDER_PATH = `venues/harbor/orders/${ORDER_ID}`;
const at = (minute: number) => `2026-05-01T01:${String(minute).padStart(2, '0')}:00.000Z`;

const admission = (id: string, position: number, name: Record<string, string>, status: string) => ({
  id,
  position,
  option_id: position,
  option_name: name,
  status,
  cancelled_at: status === 'cancelled' ? at(30) : null,
  share_id: null,
  checked_in_at: null,
});

const detail = {
  id: ORDER_ID,
  reservation_number: 'AB12-CD34',
  status: 'completed',
  channel: 'web',
  lang: 'ja',
  created_at: at(0),
  completed_at: at(2),
  product: { id: 3, name: { ja: '常設展', en: 'Permanent exhibition' }, type: 'time' },
  slot: { id: 44, date: '2026-05-10', start_time: '10:00', end_time: '11:00' },
  quantity: 2,
  standing: {
    status: 'partly_cancelled',
    refund_status: 'partly_refunded',
    admissions: { total: 2, standing: 1, used: 0, cancelled: 1 },
    paid: 4230,
    refunded: 1410,
    refund_pending: 0,
    refund_failed: 0,
    kept: 2820,
  },
  lines: [
    { kind: 'option', id: 1, name: { ja: '大人', en: 'Adult' }, quantity: 1, unit_price: 2820, amount: 2820 },
    { kind: 'option', id: 2, name: { ja: '子ども', en: 'Child' }, quantity: 1, unit_price: 1410, amount: 1410 },
  ],
  subtotal: 4230,
  discount: 0,
  total: 4230,
  currency: 'JPY',
  coupon_codes: [],
  payment_method: 'gmo',
  payment_method_names: { gmo: { ja: 'クレジットカード', en: 'Credit card' } },
  contact: { fullname: 'Hanako Yamada', email: 'hanako@example.com', phone: '' },
  customer_fields: { fullname: 'Hanako Yamada', email: 'hanako@example.com' },
  admissions: [
    admission('a1', 1, { ja: '大人', en: 'Adult' }, 'valid'),
    admission('a2', 2, { ja: '子ども', en: 'Child' }, 'cancelled'),
  ],
  payments: [
    {
      id: 'p1',
      payment_number: 'PAY-0001',
      attempt: 1,
      method: 'gmo',
      provider: 'sandbox',
      amount: 4230,
      currency: 'JPY',
      status: 'captured',
      is_date_change: false,
      failure_reason: null,
      created_at: at(1),
      completed_at: at(2),
    },
  ],
  refunds: [
    {
      id: 'r1',
      kind: 'provider',
      payment_number: 'PAY-0001',
      amount: 1410,
      currency: 'JPY',
      status: 'succeeded',
      reason: 'the child is ill',
      requested_by: 'staff',
      failure_reason: null,
      created_at: at(30),
      settled_at: at(30),
    },
  ],
  notes: [],
  timeline: [
    { at: at(0), kind: 'order_created', actor: null, detail: { channel: 'web', quantity: 2 }, mail_id: null },
    {
      at: at(1),
      kind: 'payment_started',
      actor: null,
      detail: {
        payment_number: 'PAY-0001',
        attempt: 1,
        method: 'gmo',
        provider: 'sandbox',
        amount: 4230,
        status: 'captured',
        for_date_change: false,
      },
      mail_id: null,
    },
    {
      at: at(1),
      kind: 'payment_event',
      actor: null,
      detail: { payment_number: 'PAY-0001', event: 'requires_action' },
      mail_id: null,
    },
    {
      at: at(2),
      kind: 'payment_event',
      actor: null,
      detail: { payment_number: 'PAY-0001', event: 'notification:captured' },
      mail_id: null,
    },
    { at: at(2), kind: 'order_completed', actor: null, detail: { reservation_number: 'AB12-CD34', total: 4230 }, mail_id: null },
    {
      at: at(30),
      kind: 'refund',
      actor: null,
      detail: {
        amount: 1410,
        status: 'succeeded',
        refund_kind: 'provider',
        reason: 'the child is ill',
        requested_by: 'staff',
        payment_number: 'PAY-0001',
      },
      mail_id: null,
    },
    {
      at: at(30),
      kind: 'mail',
      actor: null,
      detail: {
        mail_kind: 'cancellation_by_staff',
        to: 'hanako@example.com',
        subject: '【Harbor】ご予約の一部をキャンセルしました',
        status: 'sent',
        sent_at: at(30),
      },
      mail_id: MAIL_ID,
    },
    {
      at: at(30),
      kind: 'audit',
      actor: 'Olive Owner',
      detail: {
        action: 'admissions_cancelled',
        changes: JSON.stringify({
          positions: [2],
          places_given_back: 1,
          refund: { mode: 'provider', amount: 1410, refunds: ['r1'] },
          reason: 'the child is ill',
        }),
      },
      mail_id: null,
    },
  ],
};

function renderIn(lang: LanguageCode) {
  renderConsole(`/venues/harbor/orders/${ORDER_ID}`, { lang });
}

/** The records' own keys, which a staff member must never read on the screen. */
const RAW_KEYS = [
  'admissions_cancelled',
  'requires_action',
  'notification:',
  'cancellation_by_staff',
  'partly_cancelled',
  'partly_refunded',
  'gmo',
  'sandbox',
];

describe('the order detail of a partly cancelled, partly refunded order', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const cases: {
    lang: LanguageCode;
    heading: string;
    summary: string;
    timeline: string;
    says: { summary: string[]; timeline: string[] };
  }[] = [
    {
      lang: 'en',
      heading: 'Order AB12-CD34 — Harbor Museum',
      summary: 'Summary',
      timeline: 'Timeline',
      says: {
        summary: [
          'Partly cancelled',
          'refunded in part',
          'Credit card',
          '1 of 2 standing · 1 cancelled',
          `${formatPrice(2820, 'JPY', 'en')} (paid ${formatPrice(4230, 'JPY', 'en')}, refunded ${formatPrice(1410, 'JPY', 'en')})`,
        ],
        timeline: [
          `Payment PAY-0001 by Credit card (test gateway): ${formatPrice(4230, 'JPY', 'en')}, now paid`,
          'Payment PAY-0001: waiting for the visitor (3-D Secure or wallet)',
          'Payment PAY-0001: the provider said: paid',
          'Recorded change: admissions cancelled',
          `Admission no. 2, refund ${formatPrice(1410, 'JPY', 'en')}`,
          'Reason: the child is ill',
          'Cancellation by staff',
        ],
      },
    },
    {
      lang: 'ja',
      heading: '注文 AB12-CD34 — Harbor Museum',
      summary: '概要',
      timeline: '履歴',
      says: {
        summary: [
          '一部キャンセル',
          '一部返金済み',
          'クレジットカード',
          '2枚中1枚有効 · 1枚キャンセル',
          `${formatPrice(2820, 'JPY', 'ja')}（支払 ${formatPrice(4230, 'JPY', 'ja')}、返金 ${formatPrice(1410, 'JPY', 'ja')}）`,
        ],
        timeline: [
          `支払い PAY-0001（クレジットカード、テスト用決済）：${formatPrice(4230, 'JPY', 'ja')}、現在 支払い済み`,
          '支払い PAY-0001：来場者の操作待ち（3Dセキュアまたはウォレット）',
          '支払い PAY-0001：決済会社からの通知：支払済み',
          '記録された変更：チケットのキャンセル',
          `No. 2 のチケット、返金 ${formatPrice(1410, 'JPY', 'ja')}`,
          '理由：the child is ill',
          'キャンセル（スタッフ）',
        ],
      },
    },
  ];

  it.each(cases)('says where it stands and what happened in words, in $lang', { timeout: 20_000 }, async (c) => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      [`GET ${ORDER_PATH}`]: { status: 200, body: detail },
    });
    renderIn(c.lang);
    await screen.findByRole('heading', { name: c.heading }, { timeout: 15_000 });
    const summary = screen.getByRole('region', { name: c.summary });
    for (const words of c.says.summary) expect(within(summary).getByText(words, { exact: false })).toBeTruthy();
    const timeline = screen.getByRole('region', { name: c.timeline });
    for (const words of c.says.timeline) expect(within(timeline).getByText(words, { exact: false })).toBeTruthy();
    const shown = `${summary.textContent ?? ''}\n${timeline.querySelector('ol')?.textContent ?? ''}`;
    for (const key of RAW_KEYS) expect(shown).not.toContain(key);
    // Oldest first, as recorded.
    const times = within(timeline)
      .getAllByRole('listitem')
      .map((entry) => entry.querySelector('time')?.getAttribute('datetime') ?? '');
    expect(times).toEqual([...times].sort());
  });
});
