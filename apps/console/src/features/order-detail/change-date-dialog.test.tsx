import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderInConsole, stubApi } from '../../test/console-test.tsx';
import { ChangeDateDialog } from './change-date-dialog.tsx';

const ORDER = '6f1c2d3e-4b5a-4978-8a6b-5c4d3e2f1a0b';

describe('the change date dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the day’s slots, asks for the waiver the server wants, and sends it when ticked', async () => {
    const calls = stubApi({
      [`GET venues/harbor/orders/${ORDER}/date-change/slots`]: {
        status: 200,
        body: {
          slots: [
            { id: 41, date: '2026-12-04', starts_at: '10:00', ends_at: '10:30', available: 3, is_current: false },
            { id: 42, date: '2026-12-04', starts_at: '11:00', ends_at: '11:30', available: 0, is_current: false },
          ],
        },
      },
      [`POST venues/harbor/orders/${ORDER}/date-change`]: (call: ApiCall) =>
        (call.body as { waive_difference?: boolean }).waive_difference
          ? { status: 200, body: { reservation_number: 'Z225J-F995Z', slot_id: 41, difference: 100, mail_queued: true } }
          : {
              status: 409,
              body: { error: 'conflict', can_retry: false, field: 'waive_difference', message: 'the new slot costs 100 more' },
            },
    });
    const onDone = vi.fn();
    renderInConsole(<ChangeDateDialog venue="harbor" orderId={ORDER} isOpen onClose={() => {}} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2026-12-04' } });
    const slot = await screen.findByLabelText('10:00–10:30 · 3 places left');
    expect((screen.getByLabelText('11:00–11:30 · 0 places left') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(slot);
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'asked by phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the date' }));
    await screen.findByText(/The new time costs more/);
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(/Waive the price difference/));
    fireEvent.click(screen.getByRole('button', { name: 'Change the date' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ slot_id: 41, difference: 100 })));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { slot_id: 41, override_deadline: false, waive_difference: false, reason: 'asked by phone' },
      { slot_id: 41, override_deadline: false, waive_difference: true, reason: 'asked by phone' },
    ]);
  });
});
