import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, renderConsole, sessionOf, stubApi, venueSummary } from '../../test/console-test.tsx';

const CODES = ['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff'];

describe('enrolling a second factor', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sets up the authenticator app, shows the recovery codes once, then goes on', async () => {
    let session: ApiAnswer = {
      status: 200,
      body: sessionOf({ stage: 'enrolment', venues: [], staff: { ...sessionOf().staff, has_totp: false } }),
    };
    const calls = stubApi({
      'GET session': () => session,
      'POST account/totp/enrolment': {
        status: 200,
        body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/Console:olive?secret=JBSWY3DPEHPK3PXPJBSWY3DP' },
      },
      'POST account/totp': (call) => {
        if ((call.body as { code: string }).code !== '246810')
          return { status: 401, body: { error: 'sign-in failed', can_retry: false } };
        session = { status: 200, body: sessionOf() };
        return { status: 200, body: { codes: CODES } };
      },
      'GET venues/harbor': { status: 200, body: venueSummary('harbor', 'Harbor Museum') },
    });
    const { router } = renderConsole('/enrolment?next=%2Fvenues%2Fharbor');
    await screen.findByRole('heading', { name: 'Set up a second factor' });
    fireEvent.click(screen.getByRole('button', { name: /Authenticator app/ }));

    // The secret in groups of four, for typing by hand, and the QR code to scan.
    await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });

    fireEvent.input(screen.getByLabelText('Code from the app'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByText('Enter the 6 digits your authenticator app shows.');
    expect(calls.some((call) => call.method === 'POST' && call.path === 'account/totp')).toBe(false);

    fireEvent.input(screen.getByLabelText('Code from the app'), { target: { value: '246 810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // Going on needs the staff member to say the codes are stored.
    const goOn = screen.getByRole('button', { name: 'Continue to the console' }) as HTMLButtonElement;
    expect(goOn.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have stored my recovery codes'));
    expect(goOn.disabled).toBe(false);
    fireEvent.click(goOn);

    await screen.findByRole('heading', { name: 'Harbor Museum' });
    expect(router.state.location.pathname).toBe('/venues/harbor');
    // Shown once: nothing on the way asks for them again, and they are nowhere on the page now.
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.queryByText(CODES[0] as string)).toBeNull();
    expect(calls.filter((call) => call.path === 'account/recovery-codes')).toEqual([]);
    expect(calls.filter((call) => call.method === 'POST' && call.path === 'account/totp')).toHaveLength(1);
  });
});
