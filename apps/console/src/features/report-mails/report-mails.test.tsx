import type { ReportMails, ReportMailsBody } from '@storefront/domain/console/reports';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const mails: ReportMails = {
  subscriptions: [
    { venue: 'harbor', frequency: 'daily', last_sent_at: '2031-03-11T22:00:00.000Z' },
    // A venue whose figures the member no longer reads: still listed, so it can be taken off.
    { venue: 'closed-annex', frequency: 'weekly', last_sent_at: null },
  ],
  venues: [
    { code: 'harbor', name: 'Harbor Museum' },
    { code: 'lumen', name: 'Cafe Lumen' },
  ],
};

describe('report mails', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists a box per venue and frequency, saves the whole list, and puts a refusal on the box it names', {
    timeout: 30_000,
  }, async () => {
    const saved: ReportMailsBody[] = [];
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET account/report-mails': { status: 200, body: mails },
      'PUT account/report-mails': (call) => {
        const body = call.body as ReportMailsBody;
        saved.push(body);
        const refused = body.subscriptions.findIndex((subscription) => subscription.venue === 'closed-annex');
        if (refused >= 0)
          return {
            status: 400,
            body: { error: 'invalid request', field: `subscriptions.${refused}.venue`, message: 'is not a venue you may read' },
          };
        return {
          status: 200,
          body: {
            ...mails,
            subscriptions: body.subscriptions.map((subscription) => ({ ...subscription, last_sent_at: null })),
          },
        };
      },
    });
    renderConsole('/account/report-mails');
    await screen.findByRole('heading', { name: 'Report mails' }, { timeout: 15_000 });
    const table = within(await screen.findByRole('table', { name: 'Your report mails by venue' }));
    const harborDaily = table.getByRole('checkbox', { name: 'Daily mail for Harbor Museum' }) as HTMLInputElement;
    expect(harborDaily.checked).toBe(true);
    expect(within(table.getByRole('row', { name: /Harbor Museum/ })).getByText(/^Last sent/)).toBeTruthy();
    expect((table.getByRole('checkbox', { name: 'Weekly mail for Cafe Lumen' }) as HTMLInputElement).checked).toBe(false);
    const annexWeekly = table.getByRole('checkbox', { name: 'Weekly mail for closed-annex' }) as HTMLInputElement;
    expect(annexWeekly.checked).toBe(true);
    // The account menu leads here.
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Report mails' })).toBeTruthy();

    fireEvent.click(table.getByRole('checkbox', { name: 'Weekly mail for Cafe Lumen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText("This mail cannot be chosen: you may no longer read this venue's figures.");
    expect(saved.at(-1)).toEqual({
      subscriptions: [
        { venue: 'harbor', frequency: 'daily' },
        { venue: 'lumen', frequency: 'weekly' },
        { venue: 'closed-annex', frequency: 'weekly' },
      ],
    });
    // On the weekly box of the venue refused, tied to it for a screen reader.
    expect(annexWeekly.getAttribute('aria-invalid')).toBe('true');
    expect(annexWeekly.getAttribute('aria-describedby')).toContain(error.id);
    expect(table.getByRole('checkbox', { name: 'Daily mail for Harbor Museum' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Your report mails are saved.')).toBeNull();

    fireEvent.click(annexWeekly);
    expect(annexWeekly.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your report mails are saved.')).toBeTruthy();
    expect(saved.at(-1)).toEqual({
      subscriptions: [
        { venue: 'harbor', frequency: 'daily' },
        { venue: 'lumen', frequency: 'weekly' },
      ],
    });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('says so when the member reads no venue’s figures', { timeout: 30_000 }, async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET account/report-mails': { status: 200, body: { subscriptions: [], venues: [] } },
    });
    renderConsole('/account/report-mails');
    expect(
      await screen.findByText(
        "You may not read any venue's figures, so there are no report mails to choose.",
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
