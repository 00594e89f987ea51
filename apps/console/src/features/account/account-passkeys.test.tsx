import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const LAPTOP = { id: 7, name: 'Office laptop', created_at: '2030-01-01T00:00:00Z', last_used_at: null };

describe('passkeys on the account page', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client echoes this very cookie
    document.cookie = 'XSRF-TOKEN=xsrf-123';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks before removing a passkey, and removes it only when told to', async () => {
    let passkeys = [LAPTOP];
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET account/sessions': { status: 200, body: { sessions: [] } },
      'GET account/passkeys': () => ({ status: 200, body: { passkeys } }),
      'DELETE account/passkeys/7': () => {
        passkeys = [];
        return { status: 204 };
      },
    });
    renderConsole('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Office laptop' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove a passkey' });
    expect(within(dialog).getByText(/“Office laptop” will no longer sign you in/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Remove a passkey' })).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the passkey Office laptop' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove a passkey' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the passkey' }));
    await screen.findByText('No passkeys yet.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['account/passkeys/7']);
  });

  it('says why the last second factor of an account that needs one stays', async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf({ staff: { ...sessionOf().staff, has_totp: false, passkey_count: 1 } }) },
      'GET account/sessions': { status: 200, body: { sessions: [] } },
      'GET account/passkeys': { status: 200, body: { passkeys: [LAPTOP] } },
      'DELETE account/passkeys/7': {
        status: 409,
        body: { error: 'conflict', can_retry: false, message: 'your team requires two factors' },
      },
    });
    renderConsole('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Office laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a passkey' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the passkey' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'Your account must keep a second factor, and this passkey is its only one. Set up an authenticator app or another passkey before removing it.',
    );
    expect((within(dialog).getByRole('button', { name: 'Remove the passkey' }) as HTMLButtonElement).disabled).toBe(true);
    // Asked again later, the question starts afresh.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the passkey Office laptop' }));
    const again = await screen.findByRole('dialog', { name: 'Remove a passkey' });
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('table', { name: 'Your passkeys' }).textContent).toContain('Office laptop');
  });
});
