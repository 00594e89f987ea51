import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

const LIST = {
  series: [],
  products: [{ id: 11, key: 'entry', name: { en: 'Timed entry', ja: '日時指定券' } }],
  time_zone: 'Asia/Tokyo',
};

describe('slot series', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews a rule as a month of day counts, moves between days by keyboard, then creates the previewed slots', {
    timeout: 30_000,
  }, async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/slot-series': { status: 200, body: LIST },
      'POST venues/harbor/slot-series/preview': {
        status: 200,
        body: {
          days: [
            { date: tomorrow, new: 24, existing: 0, overlap: 0 },
            { date: dayAfter, new: 20, existing: 2, overlap: 2 },
          ],
          totals: { new: 44, existing: 2, overlap: 2 },
          month: { month: tomorrow.slice(0, 7), slots: [], truncated: false },
        },
      },
      'POST venues/harbor/slot-series': { status: 201, body: { id: 3, created: 44, existing: 2, overlap: 2 } },
    });
    renderConsole('/venues/harbor/slot-series/new');
    // The screen's module loads on first use; a busy machine may take a while.
    await screen.findByRole('heading', { name: 'New slot series' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose at least one.')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('preview'))).toBe(false);

    fireEvent.click(screen.getByLabelText('Timed entry'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('44 new slots, 2 already there (skipped), 2 overlapping a slot with another start (skipped).');
    const sent = calls.find((call) => call.path.endsWith('preview'))?.body as { rule: Record<string, unknown> };
    expect(sent.rule).toMatchObject({
      product_ids: [11],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: { kind: 'hours', opens_at: '09:00', closes_at: '21:00' },
      slot_minutes: 30,
      valid_from: tomorrow,
    });
    const first = screen.getByRole('button', { name: `${tomorrow}: 24 new, 0 already there, 0 overlapping` });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    if (tomorrow.slice(0, 7) === dayAfter.slice(0, 7)) {
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: `${dayAfter}: 20 new, 2 already there, 2 overlapping` }),
      );
    }

    // From the month's last day the arrow opens the next month, whose preview is read again first.
    fireEvent.click(await screen.findByRole('button', { name: 'Create 44 slots' }));
    await screen.findByText('44 slots created; 2 already there and 2 overlapping were skipped.');
    expect(calls.find((call) => call.method === 'POST' && call.path === 'venues/harbor/slot-series')?.body).toEqual(sent.rule);
  });

  it('sends an exception day entered in the form in the preview, and shows a refusal naming it by its row', {
    timeout: 30_000,
  }, async () => {
    let previews = 0;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/slot-series': { status: 200, body: LIST },
      'POST venues/harbor/slot-series/preview': () =>
        ++previews === 1
          ? { status: 400, body: { error: 'invalid request', can_retry: false, field: 'rule.exceptions.0.date' } }
          : {
              status: 200,
              body: {
                days: [{ date: tomorrow, new: 2, existing: 0, overlap: 0 }],
                totals: { new: 2, existing: 0, overlap: 0 },
                month: { month: tomorrow.slice(0, 7), slots: [], truncated: false },
              },
            },
    });
    renderConsole('/venues/harbor/slot-series/new');
    await screen.findByRole('heading', { name: 'New slot series' }, { timeout: 15_000 });
    fireEvent.click(screen.getByLabelText('Timed entry'));
    fireEvent.click(screen.getByRole('button', { name: 'Add an exception day' }));
    const row = within(screen.getByRole('group', { name: 'Exception day 1' }));
    expect(row.getByRole('button', { name: 'Remove exception day 1' })).toBeTruthy();
    fireEvent.change(row.getByLabelText('Date'), { target: { value: tomorrow } });
    expect(row.getByRole('button', { name: `Remove the exception day ${tomorrow}` })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await row.findByText(
        'Enter a date from the first to the last day that is not a closure or holiday date and is listed only once.',
      ),
    ).toBeTruthy();

    fireEvent.click(row.getByLabelText('A list of start times'));
    fireEvent.change(row.getByLabelText('Start times'), { target: { value: '14:00, 10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 new slots, 0 already there (skipped), 0 overlapping a slot with another start (skipped).');
    const sent = calls.filter((call) => call.path.endsWith('preview')).at(-1)?.body as { rule: Record<string, unknown> };
    expect(sent.rule.exceptions).toEqual([{ date: tomorrow, times: { kind: 'start_times', start_times: ['14:00', '10:00'] } }]);
  });

  it('asks before deleting, saying how many slots go and how many stay', async () => {
    const series = {
      id: 5,
      rule: {
        product_ids: [11],
        weekdays: [1, 2],
        times: { kind: 'hours', opens_at: '10:00', closes_at: '12:00' },
        slot_minutes: 60,
        valid_from: tomorrow,
        valid_to: dayAfter,
        closed_dates: [],
        holiday_dates: [],
        exceptions: [],
        capacity: 10,
      },
      created_at: '2026-11-01T00:00:00Z',
      slots: 12,
      future_slots: 10,
      future_slots_kept: 3,
    };
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/slot-series': { status: 200, body: { ...LIST, series: [series] } },
      'DELETE venues/harbor/slot-series/5': { status: 200, body: { deleted: 7, kept: 3 } },
    });
    renderConsole('/venues/harbor/slot-series');
    await screen.findByRole('heading', { name: 'Slot series' });
    expect(screen.getByRole('link', { name: 'Slot series' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^Delete ${tomorrow}`) }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this slot series?' }));
    dialog.getByText('7 future slots with nothing sold or held will be deleted.');
    dialog.getByText('3 future slots with sales or holds stay, and so do 2 past slots.');
    fireEvent.click(dialog.getByRole('button', { name: 'Delete 7 slots' }));
    await screen.findByText('The series is deleted: 7 slots removed, 3 kept because places are sold or held.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('offers slot series in the navigation only with catalogue:read at the venue', async () => {
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          staff: { ...sessionOf().staff, is_owner: false },
          organisation_rights: [],
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['orders:read'] }],
        }),
      },
      'GET venues/harbor': {
        status: 200,
        body: {
          id: 1,
          code: 'harbor',
          variant: 'harbor',
          kind: 'exhibition',
          name: { en: 'Harbor Museum' },
          languages: ['en'],
          currency: 'JPY',
          time_zone: 'Asia/Tokyo',
        },
      },
    });
    renderConsole('/venues/harbor');
    await screen.findByRole('link', { name: 'Overview' });
    expect(screen.queryByRole('link', { name: 'Slot series' })).toBeNull();
  });
});
