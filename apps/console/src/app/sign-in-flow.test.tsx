import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, NOT_SIGNED_IN, renderConsole, sessionOf, stubApi, venueSummary } from '../test/console-test.tsx';

const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('signing in', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client echoes this very cookie
    document.cookie = 'XSRF-TOKEN=xsrf-123';
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('goes from the password to the second factor, then to the page first asked for', async () => {
    let session: ApiAnswer = NOT_SIGNED_IN;
    const calls = stubApi({
      'GET session': () => session,
      'POST sign-in/password': () => {
        session = {
          status: 200,
          body: sessionOf({ stage: 'second_factor', second_factors: ['totp', 'recovery_code'], venues: [] }),
        };
        return session;
      },
      'POST sign-in/totp': (call) => {
        if ((call.body as { code: string }).code !== '123456')
          return { status: 401, body: { error: 'sign-in failed', can_retry: false } };
        session = { status: 200, body: sessionOf() };
        return session;
      },
      'GET account/sessions': { status: 200, body: { sessions: [] } },
      'GET account/passkeys': { status: 200, body: { passkeys: [] } },
    });
    const { router } = renderConsole('/account');

    // Not signed in: sign-in, remembering where to come back to.
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?next=%2Faccount');

    type('E-mail address', 'owner@example.com');
    type('Password', 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Confirm it is you' });
    const passwordCall = calls.find((call) => call.path === 'sign-in/password');
    expect(passwordCall?.body).toEqual({ email: 'owner@example.com', password: 'a long enough password' });
    expect(passwordCall?.headers['X-XSRF-TOKEN']).toBe('xsrf-123');
    // The factors this staff member has, and no passkey button they could not use.
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();

    type('Code from your authenticator app', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('That code is not right, or has expired. Try the current code.');

    type('Code from your authenticator app', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your account' });
    expect(router.state.location.pathname).toBe('/account');
    expect(calls.filter((call) => call.path === 'sign-in/totp').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('offers a recovery code instead of the authenticator app', async () => {
    let session: ApiAnswer = {
      status: 200,
      body: sessionOf({ stage: 'second_factor', second_factors: ['totp', 'recovery_code'], venues: [] }),
    };
    const calls = stubApi({
      'GET session': () => session,
      'POST sign-in/recovery-code': () => {
        session = { status: 200, body: sessionOf() };
        return session;
      },
      'GET venues/harbor': { status: 200, body: venueSummary('harbor', 'Harbor Museum') },
    });
    const { router } = renderConsole('/sign-in');
    await screen.findByRole('heading', { name: 'Confirm it is you' });
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    type('Recovery code', 'abcd-efgh-ijkl');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Harbor Museum' });
    expect(router.state.location.pathname).toBe('/venues/harbor');
    expect(calls.find((call) => call.path === 'sign-in/recovery-code')?.body).toEqual({ code: 'abcd-efgh-ijkl' });
  });

  it('says a wrong password plainly, and checks the form before sending it', async () => {
    const calls = stubApi({
      'GET session': NOT_SIGNED_IN,
      'POST sign-in/password': { status: 401, body: { error: 'sign-in failed', can_retry: false } },
    });
    renderConsole('/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Enter an e-mail address, like name@example.com.');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-describedby')).toContain('error');
    expect(calls.some((call) => call.path === 'sign-in/password')).toBe(false);

    type('E-mail address', 'owner@example.com');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('The e-mail address or the password is not right.');
  });

  it('says a refused passkey was not accepted, not that the password is wrong', async () => {
    // The device answers; the server does not know its passkey.
    vi.stubGlobal('PublicKeyCredential', () => undefined);
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    vi.stubGlobal('navigator', {
      ...navigator,
      credentials: {
        get: async () => ({
          id: 'Y3JlZA',
          rawId: bytes('cred'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: { authenticatorData: bytes('a'), clientDataJSON: bytes('c'), signature: bytes('s'), userHandle: null },
          getClientExtensionResults: () => ({}),
        }),
      },
    });
    const calls = stubApi({
      'GET session': NOT_SIGNED_IN,
      'POST sign-in/password': { status: 401, body: { error: 'sign-in failed', can_retry: false } },
      'POST sign-in/passkey/options': { status: 200, body: { challenge_id: 'c-1', options: { challenge: 'Y2hhbGxlbmdl' } } },
      'POST sign-in/passkey': { status: 401, body: { error: 'sign-in failed', can_retry: false } },
    });
    renderConsole('/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    type('E-mail address', 'owner@example.com');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('The e-mail address or the password is not right.');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await screen.findByText('That passkey was not accepted.');
    expect(screen.queryByText('The e-mail address or the password is not right.')).toBeNull();
    expect(calls.find((call) => call.path === 'sign-in/passkey')?.body).toMatchObject({
      challenge_id: 'c-1',
      response: { id: 'Y3JlZA' },
    });
  });

  it('sends a session that must enrol a second factor to enrolment', async () => {
    stubApi({ 'GET session': { status: 200, body: sessionOf({ stage: 'enrolment', venues: [] }) } });
    const { router } = renderConsole('/staff');
    await screen.findByRole('heading', { name: 'Set up a second factor' });
    expect(router.state.location.pathname).toBe('/enrolment');
    expect(router.state.location.search).toBe('?next=%2Fstaff');
  });

  it('goes to sign-in when a call finds the session gone, and comes back afterwards', async () => {
    let isSignedIn = true;
    stubApi({
      'GET session': () => (isSignedIn ? { status: 200, body: sessionOf() } : NOT_SIGNED_IN),
      'GET staff': () => {
        isSignedIn = false;
        return NOT_SIGNED_IN;
      },
      'GET teams': { status: 200, body: { teams: [] } },
    });
    const { router } = renderConsole('/staff');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Fstaff'));
  });

  it('names the page to come back to below the app’s address, /console', async () => {
    let isSignedIn = true;
    const calls = stubApi({
      'GET session': () => (isSignedIn ? { status: 200, body: sessionOf() } : NOT_SIGNED_IN),
      'GET staff': () => {
        isSignedIn = false;
        return NOT_SIGNED_IN;
      },
      'GET teams': { status: 200, body: { teams: [] } },
    });
    const { router } = renderConsole('/staff', { basename: '/console' });
    await screen.findByRole('heading', { name: 'Sign in' });
    // The refused read is retried once before the app takes the session as gone.
    await waitFor(() => expect(calls.filter((call) => call.path === 'staff').length).toBe(2));
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Fstaff'));
    expect(router.state.location.pathname).toBe('/console/sign-in');
  });

  it('keeps the session of a quick sign-in again when a read of the old one comes back refused', async () => {
    let stage: 'signed_in' | 'second_factor' | null = 'signed_in';
    const calls = stubApi({
      'GET session': () => (stage ? { status: 200, body: sessionOf({ stage }) } : NOT_SIGNED_IN),
      'DELETE session': () => {
        stage = null;
        return { status: 204 };
      },
      'POST sign-in/password': () => {
        stage = 'second_factor';
        return { status: 200, body: sessionOf({ stage, second_factors: ['totp'], venues: [] }) };
      },
      'GET account/sessions': () => (stage === 'signed_in' ? { status: 200, body: { sessions: [] } } : NOT_SIGNED_IN),
      'GET account/passkeys': () => (stage === 'signed_in' ? { status: 200, body: { passkeys: [] } } : NOT_SIGNED_IN),
    });
    renderConsole('/account', { basename: '/console' });
    await screen.findByRole('heading', { name: 'Your account' });
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    type('E-mail address', 'owner@example.com');
    type('Password', 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Confirm it is you' });
    // The account page's read may be sent as it closes and come back refused after the new
    // sign-in; whether it is sent depends on timing (the rule itself: console-app.test.ts).
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toBeTruthy();
    expect(screen.getByLabelText('Code from your authenticator app')).toBeTruthy();
  });

  it('signs out from the account page and back in to the start page, not to a page that does not exist', async () => {
    let isSignedIn = true;
    const calls = stubApi({
      'GET session': () => (isSignedIn ? { status: 200, body: sessionOf() } : NOT_SIGNED_IN),
      'DELETE session': () => {
        isSignedIn = false;
        return { status: 204 };
      },
      'POST sign-in/password': () => {
        isSignedIn = true;
        return { status: 200, body: sessionOf() };
      },
      'GET account/sessions': () => (isSignedIn ? { status: 200, body: { sessions: [] } } : NOT_SIGNED_IN),
      'GET account/passkeys': () => (isSignedIn ? { status: 200, body: { passkeys: [] } } : NOT_SIGNED_IN),
      'GET venues/harbor': { status: 200, body: venueSummary('harbor', 'Harbor Museum') },
    });
    const { router } = renderConsole('/account', { basename: '/console' });
    await screen.findByRole('heading', { name: 'Your account' });
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    // The account page's read may be sent again as it closes (whether it is depends on whether the
    // cleared queries refetch before the page unmounts); when it is, it is refused as signed out
    // (and, a read, retried once) before the member signs in again, and must not undo that sign-in.
    const signedOutAt = calls.findIndex((call) => call.method === 'DELETE');
    expect(signedOutAt).toBeGreaterThanOrEqual(0);
    // Give such a read its time to be refused before signing in again.
    await new Promise((resolve) => setTimeout(resolve, 300));

    type('E-mail address', 'owner@example.com');
    type('Password', 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Harbor Museum' });
    expect(router.state.location.pathname).toBe('/console/venues/harbor');
  });
});
