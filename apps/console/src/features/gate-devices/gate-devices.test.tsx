import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const TABLET = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const PHONE = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const OLD = 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f';

const device = (id: string, name: string, gate: string, state: 'paired' | 'waiting' | 'revoked') => ({
  id,
  name,
  gate,
  created_at: '2026-11-20T01:00:00.000Z',
  created_by: 'owner@example.com',
  paired_at: state === 'waiting' ? null : '2026-11-20T01:05:00.000Z',
  last_seen_at: state === 'paired' ? '2026-11-24T04:02:00.000Z' : null,
  revoked_at: state === 'revoked' ? '2026-11-22T01:00:00.000Z' : null,
  pairing_expires_at: null,
});

const list = {
  devices: [
    device(TABLET, 'Tablet 2', 'north', 'paired'),
    device(PHONE, 'Phone 1', 'east', 'waiting'),
    device(OLD, 'Old tablet', 'north', 'revoked'),
  ],
};

const pairing = (id: string, name: string, gate: string, minutes = 10) => ({
  device: { ...device(id, name, gate, 'waiting'), pairing_expires_at: new Date(Date.now() + minutes * 60_000).toISOString() },
  pairing_code: 'k3Jd9sLq0wPz7Xc2Vb5Nm8Ta',
  pairing_url: '/gate/#pair=k3Jd9sLq0wPz7Xc2Vb5Nm8Ta',
  expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
});

describe('gate devices', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the devices with their state, adds one and shows its pairing QR with the time left and the link', {
    timeout: 30_000,
  }, async () => {
    const calls: ApiCall[] = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/gate-devices': { status: 200, body: list },
      'POST venues/harbor/gate-devices': (call) => {
        const body = call.body as { name: string; gate: string };
        if (body.gate === 'taken') return { status: 400, body: { error: 'invalid request', field: 'gate' } };
        return { status: 201, body: pairing('d4e5f6a7-b8c9-4d0e-9f1a-3b4c5d6e7f80', body.name, body.gate) };
      },
    });
    renderConsole('/venues/harbor/gate-devices');
    await screen.findByRole('heading', { name: 'Gate devices — Harbor Museum' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: '3 devices' });
    expect(within(within(table).getByRole('row', { name: /Tablet 2/ })).getByText('Paired')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Phone 1/ })).getByText('Waiting for pairing')).toBeTruthy();
    const revoked = within(table).getByRole('row', { name: /Old tablet/ });
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    // A revoked device has nothing left to do.
    expect(within(revoked).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Gate devices' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a device' }));
    // The contract's rule for a gate name, before anything is sent.
    fireEvent.change(dialog.getByLabelText('Device name'), { target: { value: 'Tablet 3' } });
    fireEvent.change(dialog.getByLabelText('Gate'), { target: { value: 'north gate!' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and show the pairing code' }));
    expect(
      await dialog.findByText('Use only letters, digits, dots, hyphens or underscores (at most 40), e.g. “north”.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText('Gate'), { target: { value: 'south' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and show the pairing code' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Pair Tablet 3' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Tablet 3', gate: 'south' });
    expect(shown.getByText('Open the camera on the phone and scan this; the link works once for 10 minutes.')).toBeTruthy();
    expect(await shown.findByRole('img', { name: 'Pairing QR code for Tablet 3' })).toBeTruthy();
    expect((shown.getByLabelText(/Pairing link/) as HTMLInputElement).value).toBe(
      `${window.location.origin}/gate/#pair=k3Jd9sLq0wPz7Xc2Vb5Nm8Ta`,
    );
    expect(shown.getByText(/^(10:00|9:5\d)$/)).toBeTruthy();
  });

  it('pairs a device again and revokes one, each after a confirmation that says what happens', { timeout: 30_000 }, async () => {
    const calls: ApiCall[] = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/gate-devices': { status: 200, body: list },
      [`POST venues/harbor/gate-devices/${TABLET}/pairing`]: { status: 200, body: pairing(TABLET, 'Tablet 2', 'north') },
      [`POST venues/harbor/gate-devices/${PHONE}/revoke`]: { status: 200, body: device(PHONE, 'Phone 1', 'east', 'revoked') },
    });
    renderConsole('/venues/harbor/gate-devices');
    await screen.findByRole('table', { name: '3 devices' }, { timeout: 15_000 });

    fireEvent.click(screen.getByRole('button', { name: 'Pair again: Tablet 2' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Pair Tablet 2 again?' }));
    expect(confirm.getByText(/current key stops working at once/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Make a new pairing code' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Pair Tablet 2' }));
    expect(await shown.findByRole('img', { name: 'Pairing QR code for Tablet 2' })).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Revoke: Phone 1' }));
    const revoke = within(await screen.findByRole('dialog', { name: 'Revoke Phone 1?' }));
    expect(revoke.getByText(/The device stops at once/)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/revoke'))).toBe(false);
    fireEvent.click(revoke.getByRole('button', { name: 'Revoke the device' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Phone 1?' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `venues/harbor/gate-devices/${TABLET}/pairing`,
      `venues/harbor/gate-devices/${PHONE}/revoke`,
    ]);
  });

  it('says when a pairing code has expired instead of showing it', { timeout: 30_000 }, async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/gate-devices': { status: 200, body: list },
      [`POST venues/harbor/gate-devices/${PHONE}/pairing`]: { status: 200, body: pairing(PHONE, 'Phone 1', 'east', -1) },
    });
    renderConsole('/venues/harbor/gate-devices');
    await screen.findByRole('table', { name: '3 devices' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pair again: Phone 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Make a new pairing code' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Pair Phone 1' }));
    expect(await shown.findByText(/This code has expired/)).toBeTruthy();
    expect(shown.queryByRole('img')).toBeNull();
  });

  it('refuses a staff member without settings:write, and offers no link to it', { timeout: 30_000 }, async () => {
    const calls = stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['checkin:scan'] }],
          organisation_rights: [],
        }),
      },
    });
    renderConsole('/venues/harbor/gate-devices');
    expect(
      await screen.findByText(
        'You do not have the right to see or do this. Ask an owner if you need it.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: 'Gate devices' })).toBeNull();
    expect(calls.some((call) => call.path.includes('gate-devices'))).toBe(false);
  });
});
