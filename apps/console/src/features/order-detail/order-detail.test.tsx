import type { TimelineEntry } from '@storefront/domain/console/order-detail';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const ORDER_ID = '6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const MAIL_ID = '0b6a4c2e-8f1d-4e3a-b2c1-9d8e7f6a5b4c';
const ORDER_PATH = `venues/harbor/orders/${ORDER_ID}`;

const detail = (overrides: Record<string, unknown> = {}) => ({
  id: ORDER_ID,
  reservation_number: 'AB12-CD34',
  status: 'completed',
  channel: 'web',
  lang: 'en',
  created_at: '2026-05-01T01:00:00.000Z',
  completed_at: '2026-05-01T01:02:00.000Z',
  product: { id: 3, name: { ja: '常設展', en: 'Permanent exhibition' }, type: 'time' },
  slot: { id: 44, date: '2026-05-10', start_time: '10:00', end_time: '11:00' },
  quantity: 2,
  standing: {
    status: 'completed',
    refund_status: 'none',
    admissions: { total: 2, standing: 2, used: 1, cancelled: 0 },
    paid: 2400,
    refunded: 0,
    refund_pending: 0,
    refund_failed: 0,
    kept: 2400,
  },
  lines: [{ kind: 'option', id: 7, name: { en: 'Adult' }, quantity: 2, unit_price: 1200, amount: 2400 }],
  subtotal: 2400,
  discount: 0,
  total: 2400,
  currency: 'JPY',
  coupon_codes: [],
  payment_method: 'gmo',
  payment_method_names: { gmo: { ja: 'クレジットカード', en: 'Credit card' } },
  contact: { fullname: 'Hanako Yamada', email: 'hanako@example.com', phone: '090-1234-5678' },
  customer_fields: { fullname: 'Hanako Yamada', email: 'hanako@example.com', phone: '090-1234-5678' },
  admissions: [
    {
      id: 'a1',
      position: 1,
      option_id: 7,
      option_name: { en: 'Adult' },
      status: 'used',
      cancelled_at: null,
      share_id: null,
      checked_in_at: '2026-05-10T01:05:00.000Z',
    },
    {
      id: 'a2',
      position: 2,
      option_id: 7,
      option_name: { en: 'Adult' },
      status: 'valid',
      cancelled_at: null,
      share_id: null,
      checked_in_at: null,
    },
  ],
  payments: [
    {
      id: 'p1',
      payment_number: 'PAY-0001',
      attempt: 1,
      method: 'gmo',
      provider: 'sandbox',
      amount: 2400,
      currency: 'JPY',
      status: 'captured',
      is_date_change: false,
      failure_reason: null,
      created_at: '2026-05-01T01:01:00.000Z',
      completed_at: '2026-05-01T01:02:00.000Z',
    },
  ],
  refunds: [],
  notes: [],
  timeline: [
    {
      at: '2026-05-01T01:00:00.000Z',
      kind: 'order_created',
      actor: null,
      detail: { channel: 'web', quantity: 2 },
      mail_id: null,
    },
    {
      at: '2026-05-01T01:02:00.000Z',
      kind: 'order_completed',
      actor: null,
      detail: { reservation_number: 'AB12-CD34', total: 2400 },
      mail_id: null,
    },
    {
      at: '2026-05-01T01:02:00.000Z',
      kind: 'mail',
      actor: null,
      detail: {
        mail_kind: 'order_confirmation',
        to: 'hanako@example.com',
        subject: 'Your booking AB12-CD34',
        status: 'sent',
        sent_at: '2026-05-01T01:02:05.000Z',
      },
      mail_id: MAIL_ID,
    },
    {
      at: '2026-05-10T01:05:00.000Z',
      kind: 'check_in',
      actor: null,
      detail: { position: 1, mode: 'gate', gate: 'east' },
      mail_id: null,
    },
  ],
  ...overrides,
});

const mail = {
  id: MAIL_ID,
  kind: 'order_confirmation',
  to: 'hanako@example.com',
  from: 'museum@example.com',
  subject: 'Your booking AB12-CD34',
  lang: 'en',
  status: 'sent',
  created_at: '2026-05-01T01:02:00.000Z',
  sent_at: '2026-05-01T01:02:05.000Z',
  text: 'Thank you for your booking AB12-CD34.',
  html: '<p>Thank you for your booking <b>AB12-CD34</b>.</p><script>parent.stolen = true</script>',
};

describe('the order detail screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the order, its admissions and payments, and a timeline whose mail opens as sent in a sandbox', {
    timeout: 20_000,
  }, async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      [`GET ${ORDER_PATH}`]: { status: 200, body: detail() },
      [`GET ${ORDER_PATH}/mails/${MAIL_ID}`]: { status: 200, body: mail },
    });
    renderConsole(`/venues/harbor/orders/${ORDER_ID}`);
    await screen.findByRole('heading', { name: 'Order AB12-CD34 — Harbor Museum' }, { timeout: 15_000 });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Permanent exhibition')).toBeTruthy();
    expect(within(summary).getByText('2026-05-10 10:00–11:00')).toBeTruthy();
    const admissions = within(screen.getByRole('region', { name: 'Admissions' })).getByRole('table');
    expect(within(admissions).getByRole('row', { name: /Used/ })).toBeTruthy();
    expect(within(admissions).getByRole('row', { name: /Valid/ })).toBeTruthy();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('PAY-0001')).toBeTruthy();
    expect(within(payments).getByText('No refunds.')).toBeTruthy();

    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getByRole('list');
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2026-05-01T01:00:00.000Z',
      '2026-05-01T01:02:00.000Z',
      '2026-05-01T01:02:00.000Z',
      '2026-05-10T01:05:00.000Z',
    ]);
    expect(within(timeline).getByText('Order completed as AB12-CD34, total ¥2,400')).toBeTruthy();
    expect(within(timeline).getByText('“Your booking AB12-CD34” to hanako@example.com, sent')).toBeTruthy();
    expect(within(timeline).getByText('Admission 1 checked in at east')).toBeTruthy();

    fireEvent.click(within(timeline).getByRole('button', { name: 'View mail “Your booking AB12-CD34”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mail as sent' });
    const frame = await within(dialog).findByTitle('The mail “Your booking AB12-CD34”');
    // Scripts, forms and the console's origin stay out of the mail's frame.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('src')).toBe(`/console/api/v1/venues/harbor/orders/${ORDER_ID}/mails/${MAIL_ID}/view`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Text version' }));
    expect(within(dialog).getByText('Thank you for your booking AB12-CD34.')).toBeTruthy();
  });

  it('words the places held, and the statuses of payments, date changes and refunds, in the timeline and the tables', {
    timeout: 20_000,
  }, async () => {
    const at = (minute: number) => `2026-05-01T01:${String(minute).padStart(2, '0')}:00.000Z`;
    const entry = (minute: number, kind: TimelineEntry['kind'], entryDetail: TimelineEntry['detail']): TimelineEntry => ({
      at: at(minute),
      kind,
      actor: null,
      detail: entryDetail,
      mail_id: null,
    });
    const slot = { date: '2026-05-10', time: '10:00', set_product_id: null, for_date_change: false };
    const base = detail();
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      [`GET ${ORDER_PATH}`]: {
        status: 200,
        body: detail({
          payments: base.payments.map((payment) => ({ ...payment, status: 'refund_failed' })),
          timeline: [
            entry(0, 'hold_taken', { ...slot, quantity: 2, expires_at: at(15) }),
            entry(1, 'payment_started', {
              payment_number: 'PAY-0001',
              attempt: 1,
              method: 'gmo',
              provider: 'sandbox',
              amount: 2400,
              status: 'requires_action',
              for_date_change: false,
            }),
            entry(2, 'hold_ended', { ...slot, quantity: 2, outcome: 'sold' }),
            entry(3, 'date_change_started', {
              status: 'expired',
              from_date: '2026-05-10',
              from_time: '10:00',
              to_date: '2026-05-12',
              to_time: '11:00',
              fee: 0,
              to_pay: 0,
              to_refund: 0,
            }),
            entry(3, 'hold_taken', {
              ...slot,
              date: '2026-05-12',
              time: '11:00',
              quantity: 2,
              expires_at: at(18),
              for_date_change: true,
            }),
            entry(18, 'hold_ended', {
              ...slot,
              date: '2026-05-12',
              time: '11:00',
              quantity: 2,
              outcome: 'released',
              for_date_change: true,
            }),
            entry(20, 'date_change_completed', {
              from_date: '2026-05-10',
              from_time: '10:00',
              to_date: '2026-05-12',
              to_time: '11:00',
              refund_status: 'refund_failed',
            }),
            entry(21, 'refund', {
              amount: 400,
              status: 'pending',
              refund_kind: 'provider',
              reason: 'x',
              requested_by: 'staff',
              payment_number: 'PAY-0001',
            }),
          ],
        }),
      },
    });
    renderConsole(`/venues/harbor/orders/${ORDER_ID}`);
    await screen.findByRole('heading', { name: 'Order AB12-CD34 — Harbor Museum' }, { timeout: 15_000 });
    const timeline = within(within(screen.getByRole('region', { name: 'Timeline' })).getByRole('list'));
    expect(timeline.getByText(/^Held 2 places of 2026-05-10 10:00 until /)).toBeTruthy();
    expect(timeline.getByText('Held places sold: 2 places of 2026-05-10 10:00')).toBeTruthy();
    expect(timeline.getByText(/^Held 2 places of 2026-05-12 11:00 until /).textContent).toContain('(date change)');
    expect(timeline.getByText(/^Held places given back: 2 places of 2026-05-12 11:00/)).toBeTruthy();
    expect(
      timeline.getByText(
        'Payment PAY-0001 by Credit card (test gateway): ¥2,400, now waiting for the visitor (3-D Secure or wallet)',
      ),
    ).toBeTruthy();
    expect(timeline.getByText('Date change from 2026-05-10 10:00 to 2026-05-12 11:00 started (now expired)')).toBeTruthy();
    expect(timeline.getByText('Refunding the price difference failed.')).toBeTruthy();
    expect(timeline.getByText('Refund of ¥400 (Through the payment provider): Pending')).toBeTruthy();
    const payments = within(screen.getByRole('region', { name: 'Payments' }));
    expect(payments.getByText('refund failed')).toBeTruthy();
    expect(payments.queryByText('refund_failed')).toBeNull();
  });

  it('resends the ticket mail to a corrected address, edits the contact with the shop’s rules and adds a note', {
    timeout: 20_000,
  }, async () => {
    let contact = detail().contact;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      [`GET ${ORDER_PATH}`]: () => ({ status: 200, body: detail({ contact }) }),
      [`POST ${ORDER_PATH}/resend`]: (call) => ({
        status: 202,
        body: { mail_id: MAIL_ID, to: (call.body as { email?: string }).email ?? 'hanako@example.com' },
      }),
      [`PATCH ${ORDER_PATH}/contact`]: () => {
        contact = { fullname: 'Hanako Yamada', email: 'h.yamada@example.com', phone: '' };
        return { status: 200, body: contact };
      },
      [`POST ${ORDER_PATH}/notes`]: {
        status: 201,
        body: {
          id: 'n1',
          body: 'Called about parking.',
          staff_label: 'owner@example.com',
          created_at: '2026-05-02T00:00:00.000Z',
        },
      },
    });
    renderConsole(`/venues/harbor/orders/${ORDER_ID}`);
    const actions = await screen.findByRole('region', { name: 'Actions' }, { timeout: 15_000 });
    const resend = within(actions).getByRole('form', { name: 'Send the ticket mail again' });
    fireEvent.input(within(resend).getByLabelText('Send to another address (optional)'), {
      target: { value: 'hanako.y@example.com' },
    });
    fireEvent.click(within(resend).getByRole('button', { name: 'Send the ticket mail' }));
    await within(resend).findByText('The ticket mail was sent to hanako.y@example.com.');
    expect(calls.find((call) => call.path.endsWith('/resend'))?.body).toEqual({ email: 'hanako.y@example.com' });

    const contactForm = () => screen.getByRole('form', { name: 'Contact details' });
    const form = contactForm();
    const email = within(form).getByLabelText('E-mail');
    fireEvent.input(email, { target: { value: 'not an address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save contact details' }));
    const problem = await within(form).findByText('Enter an e-mail address, like name@example.com.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(problem.id);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.input(email, { target: { value: 'h.yamada@example.com' } });
    fireEvent.input(within(form).getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save contact details' }));
    // Only what changed is sent; the form then holds the details as saved, and says so.
    await vi.waitFor(() => expect(calls.filter((call) => call.path === ORDER_PATH).length).toBeGreaterThan(1));
    await within(contactForm()).findByText('The contact details were saved.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ email: 'h.yamada@example.com', phone: '' });
    await vi.waitFor(() => expect((within(contactForm()).getByLabelText('Phone') as HTMLInputElement).value).toBe(''));
    expect((within(contactForm()).getByLabelText('E-mail') as HTMLInputElement).value).toBe('h.yamada@example.com');

    const notes = screen.getByRole('region', { name: 'Staff notes' });
    fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    await within(notes).findByText('Fill this in.');
    expect(calls.some((call) => call.path.endsWith('/notes'))).toBe(false);
    fireEvent.input(within(notes).getByLabelText('New note'), { target: { value: 'Called about parking.' } });
    fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    await within(notes).findByText('The note was added.');
    expect(calls.find((call) => call.path.endsWith('/notes'))?.body).toEqual({ body: 'Called about parking.' });
  });

  it('shows a reader the order without the forms that change it', { timeout: 20_000 }, async () => {
    const session = sessionOf();
    const readOnly = {
      ...session,
      staff: { ...session.staff, is_owner: false },
      venues: session.venues.map((venue) => ({ ...venue, rights: ['orders:read' as const] })),
      organisation_rights: [],
    };
    stubApi({
      'GET session': { status: 200, body: readOnly },
      [`GET ${ORDER_PATH}`]: { status: 200, body: detail() },
    });
    renderConsole(`/venues/harbor/orders/${ORDER_ID}`);
    await screen.findByRole('heading', { name: 'Order AB12-CD34 — Harbor Museum' }, { timeout: 15_000 });
    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('hanako@example.com')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('says so when the order is not at this venue', { timeout: 20_000 }, async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      [`GET ${ORDER_PATH}`]: { status: 404, body: { error: 'not found', can_retry: false } },
    });
    renderConsole(`/venues/harbor/orders/${ORDER_ID}`);
    await screen.findByText('There is nothing at this address, or you have no access to it.', undefined, { timeout: 15_000 });
  });
});
