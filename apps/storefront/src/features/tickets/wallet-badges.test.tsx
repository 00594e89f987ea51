import type { Configuration } from '@storefront/domain/api/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError } from '../../lib/api/client.ts';
import { AppContext, type AppEnvironment } from '../../lib/app-context.tsx';
import { createI18n } from '../../lib/i18n/i18n.ts';
import type { Admission, TicketView } from './api/tickets-api.ts';
import { eventually } from './eventually.test-support.ts';
import TicketPage from './ticket-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = 'AbC_dEf-1234567890123a';
const SAVE_URL = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.c2ln';
const TEXTS = {
  ticket_add_to_apple_wallet: 'Add to Apple Wallet',
  ticket_apple_wallet_title: 'Apple Wallet pass',
  ticket_add_to_google_wallet: 'Add to Google Wallet',
  ticket_google_wallet_failed: 'The pass could not be made. Please try again later.',
};

function admission(n: number, ticketStatus: Admission['ticketStatus'] = 'valid'): Admission {
  return {
    id: `0000000${n}-0000-4000-8000-00000000000${n}`,
    position: n,
    optionId: 1,
    optionName: 'Adult',
    ticketStatus,
    status: ticketStatus === 'valid' ? 'available' : 'invalid',
    checkedInAt: null,
    setHandedOverAt: null,
    qr: `SF2.code-${n}`,
  };
}

function ticket(overrides: Partial<TicketView>): TicketView {
  return {
    reservationNumber: 'R7K2-9QXM',
    role: 'holder',
    lang: 'en',
    product: { name: 'Timed entry', type: 'time', caution: '', presentedBy: '' },
    date: '2026-11-22',
    reservationFrom: '2026-11-22T01:30:00.000Z',
    reservationTo: '2026-11-22T02:00:00.000Z',
    isAllDay: false,
    options: [{ id: 1, name: 'Adult', type: 'adult', price: 1600, quantity: 3 }],
    setProducts: [],
    quantity: 3,
    pricePaid: 4800,
    refunded: 0,
    currency: 'JPY',
    admissions: [admission(1), admission(2, 'cancelled'), admission(3)],
    partyQr: null,
    setQr: null,
    shares: [],
    selfCancel: null,
    canChangeDate: false,
    wallet: { apple: false, google: false },
    ...overrides,
  };
}

/** The ticket page of `view`, its calls answered by `answer` (the ticket itself answered with `view`). */
async function renderTicketPage(view: TicketView, answer: (path: string) => Promise<unknown> = async () => ({})) {
  const calls: string[] = [];
  const get = async (path: string) => {
    calls.push(path);
    return path === `tickets/${TOKEN}` ? view : answer(path);
  };
  const api = { get } as unknown as ApiClient;
  const app = {
    siteCode: 'demo',
    lang: 'en',
    api,
    location: { basePath: '/demo/tickets/' },
    config: {
      currency: 'JPY',
      ticketDisplay: {
        type: 'separate',
        headerColor: { pc: '#123456', sp: '#123456' },
        showsHeaderLogo: { pc: false, sp: false },
      },
      theme: { logoSvg: '' },
      venue: { name: { en: 'Borderless Museum' } },
    } as unknown as Configuration,
  } as unknown as AppEnvironment;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n('en', TEXTS)}>
        <QueryClientProvider client={queryClient}>
          <AppContext.Provider value={app}>
            <MemoryRouter>
              <TicketPage reservationToken={TOKEN} />
            </MemoryRouter>
          </AppContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  await eventually(() => expect(container.querySelector('.ticket-card')).not.toBeNull());
  return { container, calls, unmount: () => act(() => root.unmount()) };
}

const googleButton = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add to Google Wallet');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('Add to Apple Wallet', () => {
  it('is a badge per admission still valid, each linking to that admission’s .pkpass', async () => {
    const view = ticket({ wallet: { apple: true, google: false } });
    const page = await renderTicketPage(view);
    const badges = [...page.container.querySelectorAll<HTMLAnchorElement>('a.apple-wallet-badge')];
    expect(badges.map((b) => b.textContent)).toEqual(['Add to Apple Wallet', 'Add to Apple Wallet']);
    expect(badges.map((b) => b.getAttribute('href'))).toEqual([
      `/demo/api/v1/tickets/${TOKEN}/wallet/apple/${admission(1).id}.pkpass`,
      `/demo/api/v1/tickets/${TOKEN}/wallet/apple/${admission(3).id}.pkpass`,
    ]);
    // Which ticket each badge adds is said beside it.
    const captions = badges.map((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(captions).toEqual([expect.stringContaining('Adult'), expect.stringContaining('Adult')]);
    expect(page.container.querySelector('section.apple-wallet')?.getAttribute('aria-label')).toBe('Apple Wallet pass');
    page.unmount();
  });

  it('is not shown where the venue does not offer passes, nor when no admission is still valid', async () => {
    const off = await renderTicketPage(ticket({ wallet: { apple: false, google: false } }));
    expect(off.container.querySelector('.apple-wallet')).toBeNull();
    expect(off.container.textContent).not.toContain('Add to Apple Wallet');
    off.unmount();

    const cancelled = await renderTicketPage(
      ticket({ wallet: { apple: true, google: false }, admissions: [admission(1, 'cancelled'), admission(2, 'cancelled')] }),
    );
    expect(cancelled.container.querySelector('.apple-wallet')).toBeNull();
    cancelled.unmount();
  });
});

describe('Add to Google Wallet', () => {
  it('is not shown where the venue does not offer passes', async () => {
    const page = await renderTicketPage(ticket({ wallet: { apple: true, google: false } }));
    expect(googleButton(page.container)).toBeUndefined();
    expect(page.container.querySelector('.google-wallet')).toBeNull();
    page.unmount();
  });

  it('asks for the save link only when pressed, and goes to Google’s page in this tab', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const page = await renderTicketPage(ticket({ wallet: { apple: false, google: true } }), async (path) => {
      if (path === `tickets/${TOKEN}/wallet/google`) return { url: SAVE_URL };
      throw new Error(`unexpected call ${path}`);
    });
    const button = googleButton(page.container);
    expect(button).toBeDefined();
    expect(page.calls).toEqual([`tickets/${TOKEN}`]);
    await act(async () => button?.click());
    await eventually(() => expect(assign).toHaveBeenCalledWith(SAVE_URL));
    expect(page.calls).toEqual([`tickets/${TOKEN}`, `tickets/${TOKEN}/wallet/google`]);
    expect(page.container.querySelector('[role="alert"]')).toBeNull();
    page.unmount();
  });

  it('says so when the pass could not be made, and stays on the page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const page = await renderTicketPage(ticket({ wallet: { apple: false, google: true } }), async () => {
      throw new ApiError('status', 'not found', 404, { error: 'not found' });
    });
    await act(async () => googleButton(page.container)?.click());
    await eventually(() =>
      expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
        'The pass could not be made. Please try again later.',
      ),
    );
    expect(assign).not.toHaveBeenCalled();
    // The visitor may try again.
    expect(googleButton(page.container)?.disabled).toBe(false);
    page.unmount();
  });
});
