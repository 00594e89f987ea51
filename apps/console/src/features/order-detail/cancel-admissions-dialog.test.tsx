import type { CancellationPreview } from '@storefront/domain/console/order-refunds';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInConsole, stubApi } from '../../test/console-test.tsx';
import { CancelAdmissionsDialog } from './cancel-admissions-dialog.tsx';

const ORDER = '6f1c2d3e-4b5a-4978-8a6b-5c4d3e2f1a0b';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

const admission = (id: string, position: number, status: 'valid' | 'used' | 'cancelled', share: number) => ({
  id,
  position,
  option_name: { ja: '大人', en: 'Adult' },
  status,
  cancellable: status === 'valid',
  share,
});

/** The preview as the server answers it for the admissions named (all standing ones when none). */
function previewOf(call: ApiCall): CancellationPreview {
  const named = call.query.get('tickets')?.split(',') ?? [A, B];
  return {
    order_id: ORDER,
    reservation_number: 'Z225J-F995Z',
    currency: 'JPY',
    total: 6000,
    admissions: [admission(A, 1, 'valid', 2000), admission(B, 2, 'valid', 2000), admission(C, 3, 'used', 2000)],
    chosen: named,
    whole_order: false,
    proposed_amount: named.length * 2000,
    refundable: 6000,
    payments: [{ payment_number: 'pay_0001', provider: 'sandbox', method: 'gmo', amount: 6000, refundable: 6000 }],
  };
}

function renderDialog(onDone = vi.fn()) {
  renderInConsole(<CancelAdmissionsDialog venue="harbor" orderId={ORDER} isOpen onClose={() => {}} onDone={onDone} />);
  return onDone;
}

describe('the cancel admissions dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('proposes the chosen admissions’ share, sends the refund chosen, and says when the provider refused it', async () => {
    const calls = stubApi({
      [`GET venues/harbor/orders/${ORDER}/cancellation`]: (call) => ({ status: 200, body: previewOf(call) }),
      [`POST venues/harbor/orders/${ORDER}/cancellation`]: {
        status: 200,
        body: {
          cancelled: [B],
          places_given_back: 1,
          refunds: [
            {
              id: '44444444-4444-4444-8444-444444444444',
              kind: 'provider',
              amount: 1500,
              currency: 'JPY',
              status: 'failed',
              reason: 'ill',
              payment_number: 'pay_0001',
              failure_reason: 'the gateway refused the refund',
              requested_by: 'staff',
              created_at: '2026-11-24T07:00:00.000Z',
              settled_at: '2026-11-24T07:00:01.000Z',
            },
          ],
        },
      },
    });
    const onDone = renderDialog();
    const first = await screen.findByLabelText(/No\. 1 · Adult/);
    const second = screen.getByLabelText(/No\. 2 · Adult/);
    // The one used at the gate cannot be chosen.
    expect((screen.getByLabelText(/No\. 3 · Adult/) as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect((first as HTMLInputElement).checked).toBe(true));
    expect((second as HTMLInputElement).checked).toBe(true);
    await screen.findByText(/Proposed refund: [¥￥]4,000/);
    // Only the second: the proposal follows, and fills the amount.
    fireEvent.click(first);
    await screen.findByText(/Proposed refund: [¥￥]2,000/);
    const amount = screen.getByLabelText('Amount (JPY)');
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('2000'));
    fireEvent.change(amount, { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'ill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the admissions' }));

    await screen.findByText('The refund was refused');
    expect(screen.getByText(/the gateway refused the refund/)).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ tickets: [B], refund: { mode: 'provider', amount: 1500 }, reason: 'ill' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ cancelled: [B] }));
  });

  it('sends no refund when none is chosen, and asks for a reason first', async () => {
    const calls = stubApi({
      [`GET venues/harbor/orders/${ORDER}/cancellation`]: (call) => ({ status: 200, body: previewOf(call) }),
      [`POST venues/harbor/orders/${ORDER}/cancellation`]: {
        status: 200,
        body: { cancelled: [A, B], places_given_back: 2, refunds: [] },
      },
    });
    renderDialog();
    await screen.findByText(/Proposed refund: [¥￥]4,000/);
    fireEvent.click(screen.getByLabelText('No refund'));
    await waitFor(() => expect((screen.getByLabelText('Amount (JPY)') as HTMLInputElement).value).toBe('0'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the admissions' }));
    const reason = screen.getByLabelText(/^Reason/);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(reason, { target: { value: 'closed afternoon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the admissions' }));
    await screen.findByText(/2 admissions were cancelled/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      tickets: [A, B],
      refund: { mode: 'none', amount: 0 },
      reason: 'closed afternoon',
    });
  });
});
