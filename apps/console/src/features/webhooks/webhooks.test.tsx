import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const CRM = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const OLD = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const FAILED = 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f';
const EVENT = 'd4e5f6a7-b8c9-4d0e-9f1a-3b4c5d6e7f80';

const endpoint = (id: string, url: string, active: boolean) => ({
  id,
  url,
  description: active ? 'CRM' : '',
  events: ['order.completed', 'order.refunded'],
  active,
  disabled_reason: active ? null : ('failing' as const),
  created_at: '2026-11-20T01:00:00.000Z',
  created_by: 'owner@example.com',
  pending: active ? 1 : 0,
  failed_recently: active ? 1 : 0,
});

const endpoints = {
  endpoints: [endpoint(CRM, 'https://crm.example.com/hooks', true), endpoint(OLD, 'https://old.example.com/x', false)],
};

const delivery = {
  id: FAILED,
  event_id: EVENT,
  event_type: 'order.refunded',
  status: 'failed',
  attempts: 8,
  next_attempt_at: null,
  last_attempt_at: '2026-11-24T03:00:00.000Z',
  last_status: 503,
  last_response: 'maintenance',
  last_error: 'HTTP 503',
  created_at: '2026-11-24T02:00:00.000Z',
  payload: { id: EVENT, type: 'order.refunded' },
};

describe('webhooks', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists receivers, adds one and shows its secret once, and replays a failed delivery from the log', {
    timeout: 30_000,
  }, async () => {
    const calls: ApiCall[] = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/webhooks': { status: 200, body: endpoints },
      'GET venues/harbor/webhook-deliveries': { status: 200, body: { deliveries: [delivery] } },
      'POST venues/harbor/webhooks': (call) => {
        const body = call.body as { url: string; events: string[]; description: string };
        if (body.url.startsWith('http:'))
          return { status: 400, body: { error: 'invalid request', field: 'url', message: 'must be an https URL' } };
        return {
          status: 201,
          body: { endpoint: { ...endpoint(EVENT, body.url, true), events: body.events }, secret: 'whsec_shown_once_123' },
        };
      },
      [`POST venues/harbor/webhook-deliveries/${FAILED}/replay`]: {
        status: 201,
        body: { ...delivery, id: 'e5f6a7b8-c9d0-4e1f-8a2b-4c5d6e7f8091', status: 'pending', attempts: 0, last_status: null },
      },
    });
    renderConsole('/venues/harbor/webhooks');
    await screen.findByRole('heading', { name: 'Webhooks — Harbor Museum' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: '2 receivers' });
    const crm = within(table).getByRole('row', { name: /crm\.example\.com/ });
    expect(within(crm).getByText('Active')).toBeTruthy();
    expect(within(crm).getByText('Order completed')).toBeTruthy();
    expect(within(crm).getByText('1 waiting, 1 failed (7 days)')).toBeTruthy();
    const old = within(within(table).getByRole('row', { name: /old\.example\.com/ }));
    expect(old.getByText('Disabled')).toBeTruthy();
    // Turned off by the system: the row says why and what to do.
    expect(
      old.getByText('Turned off after 10 failed deliveries in a row. Put the receiver right, then turn it on again.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Webhooks' })).toBeTruthy();
    // The recipe is on the page.
    expect(screen.getByText('How a receiver checks the signature')).toBeTruthy();

    // The deliveries log: status, attempts and the receiver's last answer; a replay is one click.
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const row = within(log).getByRole('row', { name: /Order refunded/ });
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('8')).toBeTruthy();
    expect(within(row).getByText('HTTP 503')).toBeTruthy();
    expect(within(row).getByText('maintenance')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: `Send again: event ${EVENT}` }));
    expect(await screen.findByText('The event will be sent again in a moment.')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.path === `venues/harbor/webhook-deliveries/${FAILED}/replay`),
    ).toBe(true);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await vi.waitFor(() =>
      expect(
        calls.some((call) => call.path === 'venues/harbor/webhook-deliveries' && call.query.get('status') === 'failed'),
      ).toBe(true),
    );

    // Adding: the contract's rules first, then the server's answer on its field, then the secret shown once.
    fireEvent.click(screen.getByRole('button', { name: 'Add a receiver' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a receiver' }));
    fireEvent.change(dialog.getByLabelText('Receiver URL'), { target: { value: 'not a url' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and show the secret' }));
    expect(await dialog.findByText('Enter a full address starting with https://, without a user name or password.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === 'venues/harbor/webhooks')).toBe(false);
    fireEvent.change(dialog.getByLabelText('Receiver URL'), { target: { value: 'http://crm.example.com/in' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and show the secret' }));
    // The server's refusal lands on the field it names.
    expect(await dialog.findByText('The server did not accept this value.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Receiver URL'), { target: { value: 'https://crm.example.com/in' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /Checked in/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add and show the secret' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Signing secret' }));
    expect(calls.filter((call) => call.method === 'POST' && call.path === 'venues/harbor/webhooks').at(-1)?.body).toEqual({
      url: 'https://crm.example.com/in',
      description: '',
      events: ['order.completed', 'admission.checked_in'],
    });
    expect(shown.getByText('Copy this secret into the receiver now: it is shown only this once.')).toBeTruthy();
    expect((shown.getByLabelText('Secret') as HTMLInputElement).value).toBe('whsec_shown_once_123');
    expect(shown.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
