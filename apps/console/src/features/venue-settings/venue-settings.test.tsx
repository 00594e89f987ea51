import type { AppleWalletVenueSettings } from '@storefront/domain/console/apple-wallet';
import type { GoogleWalletVenueSettings } from '@storefront/domain/console/google-wallet';
import type { VenueSettings, VenueTexts } from '@storefront/domain/console/venue-settings';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';
import { filterTexts, moved } from './editing.ts';
import { nearestField } from './server-errors.ts';

const settings = (): VenueSettings => ({
  settings: {
    name: { en: 'Harbor Museum', ja: 'ハーバー美術館' },
    address: {},
    email: 'info@harbor.example',
    phone: '03-1234-5678',
    invoice_registration_number: null,
    page_title: { en: 'Harbor tickets', ja: 'ハーバー チケット' },
    theme: { primary: '#2F3A45', on_primary: '#FFFFFF', background: '#FFFFFF', text: '#1F2328', accent: '#5B6B7A' },
    layout: {
      order_procedure: 'product_first',
      is_calendar_coloured: false,
      shows_smartphone_app_modal: false,
      ticket_display: {
        type: 'separate',
        header_color: { pc: '#2F3A45', sp: '#2F3A45' },
        shows_header_logo: { pc: true, sp: true },
      },
    },
    hold_minutes: 15,
    low_stock_threshold: 10,
    date_change: {
      is_enabled: true,
      product_keys: null,
      deadline_minutes: 1440,
      fee_per_admission: 0,
      cheaper_new_slot: 'no_refund',
      discounted_payment_methods: [],
    },
    is_start_mail_confirm_only: false,
    mail_confirm: { customer_email_confirm: true, confirm_by_mail: false },
    has_membership_login: false,
    sign_in_form: {
      resident_area_field: 'select',
      resident_area_list: 'countries',
      age_bands: 'teens_to_70',
      gender_choices: 'male_female_other',
      mail_magazine_default_checked: false,
    },
    currency: 'JPY',
    time_zone: 'Asia/Tokyo',
    tag_manager_ids: [],
  },
  languages: ['en', 'ja'],
  has_orders: true,
  products: [{ key: 'timed', name: { en: 'Timed ticket' } }],
});

/** A member who may read a venue's catalogue and nothing else. */
const readerSession = () =>
  sessionOf({
    staff: { ...sessionOf().staff, id: 7, is_owner: false },
    venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['catalogue:read'] }],
    organisation_rights: [],
  });

const appleWallet = (overrides: Partial<AppleWalletVenueSettings> = {}): AppleWalletVenueSettings => ({
  is_configured: true,
  is_enabled: true,
  latitude: 35.6812,
  longitude: 139.7671,
  ...overrides,
});

const googleWallet = (overrides: Partial<GoogleWalletVenueSettings> = {}): GoogleWalletVenueSettings => ({
  is_configured: true,
  is_enabled: false,
  ...overrides,
});

/** The settings screen's wallet sections, once their state has loaded. */
async function walletSections() {
  const apple = within(await screen.findByRole('region', { name: 'Apple Wallet' }, { timeout: 20_000 }));
  const google = within(screen.getByRole('region', { name: 'Google Wallet' }));
  await apple.findByRole('checkbox', { name: 'Offer “Add to Apple Wallet” on ticket pages and in ticket mails' });
  await google.findByRole('checkbox', { name: 'Offer “Add to Google Wallet” on ticket pages and in ticket mails' });
  return {
    apple,
    google,
    appleSwitch: apple.getByRole('checkbox', { name: /Apple Wallet/ }) as HTMLInputElement,
    googleSwitch: google.getByRole('checkbox', { name: /Google Wallet/ }) as HTMLInputElement,
    latitude: apple.getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement,
    longitude: apple.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement,
  };
}

describe('venue settings', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves one section with only its fields, and shows the server’s refusal by the field it names', {
    timeout: 30_000,
  }, async () => {
    let refuse = true;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'PATCH venues/harbor/settings': (call) => {
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: { error: 'invalid request', field: 'theme.accent', message: 'theme.accent must be a colour' },
          };
        }
        const answer = settings();
        answer.settings.theme = { ...answer.settings.theme, ...(call.body as { theme: object }).theme };
        return { status: 200, body: answer };
      },
    });
    renderConsole('/venues/harbor/settings');
    // The first screen of the file loads the router's and the screen's code cold.
    const appearance = within(await screen.findByRole('region', { name: 'Appearance' }, { timeout: 20_000 }));
    const primary = appearance.getByRole('textbox', { name: 'Main colour' });
    fireEvent.input(primary, { target: { value: '#123456' } });
    fireEvent.click(appearance.getByRole('button', { name: 'Save Appearance' }));
    await appearance.findByText('The server did not accept this value.');
    expect(appearance.getByRole('textbox', { name: 'Accent' }).getAttribute('aria-invalid')).toBe('true');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      theme: { primary: '#123456', on_primary: '#FFFFFF', background: '#FFFFFF', text: '#1F2328', accent: '#5B6B7A' },
    });

    fireEvent.click(appearance.getByRole('button', { name: 'Save Appearance' }));
    await appearance.findByText('Saved. The shop shows the change within a second.');

    // A colour that is not #rrggbb is refused before anything is sent.
    const sent = calls.length;
    fireEvent.input(primary, { target: { value: 'red' } });
    fireEvent.click(appearance.getByRole('button', { name: 'Save Appearance' }));
    await appearance.findByText('Write a colour as # and six hex digits, like #2F3A45.');
    expect(calls.length).toBe(sent);

    // The currency cannot change once the venue has orders.
    const region = within(screen.getByRole('region', { name: 'Currency, time zone and tracking' }));
    expect((region.getByRole('combobox', { name: 'Currency' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows the sign-in form’s current choices, and saving sends the list and the newsletter default', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'PATCH venues/harbor/settings': (call) => {
        const answer = settings();
        answer.settings.sign_in_form = {
          ...answer.settings.sign_in_form,
          ...(call.body as { sign_in_form: object }).sign_in_form,
        };
        return { status: 200, body: answer };
      },
    });
    renderConsole('/venues/harbor/settings');
    const section = within(await screen.findByRole('region', { name: 'Sign-in form' }, { timeout: 20_000 }));
    const checked = (name: string) => (section.getByRole('radio', { name }) as HTMLInputElement).checked;
    expect(checked('Chosen from a list')).toBe(true);
    expect(checked('Written freely')).toBe(false);
    expect(checked('Countries')).toBe(true);
    expect(checked('Japan and abroad')).toBe(false);
    const residence = section.getByRole('radio', { name: 'Japan and abroad' });
    expect(residence.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      section.getByText('Japan and abroad: prefectures for visitors living in Japan, countries for visitors from abroad.').id,
    ).toBe(residence.getAttribute('aria-describedby'));
    expect(checked('By decade, from 10–19 to 70 and over')).toBe(true);
    expect(checked('From 18–24 to 80 and over')).toBe(false);
    expect(checked('Male, female, prefer not to say')).toBe(true);
    expect(checked('Man, woman')).toBe(false);
    const ticked = section.getByRole('checkbox', { name: 'Tick the newsletter boxes at the start' }) as HTMLInputElement;
    expect(ticked.checked).toBe(false);

    fireEvent.click(residence);
    fireEvent.click(section.getByRole('radio', { name: 'Man, woman' }));
    fireEvent.click(ticked);
    fireEvent.click(section.getByRole('button', { name: 'Save Sign-in form' }));
    await section.findByText('Saved. The shop shows the change within a second.');
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      {
        sign_in_form: {
          resident_area_field: 'select',
          resident_area_list: 'residence',
          age_bands: 'teens_to_70',
          gender_choices: 'man_woman',
          mail_magazine_default_checked: true,
        },
      },
    ]);
    // The form shows what the server answered.
    expect(checked('Japan and abroad')).toBe(true);
    expect(checked('Man, woman')).toBe(true);
    expect((section.getByRole('checkbox', { name: 'Tick the newsletter boxes at the start' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('lets a member with catalogue:read see the screens from the navigation, without saving', async () => {
    stubApi({
      'GET session': { status: 200, body: readerSession() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'GET venues/harbor': {
        status: 200,
        body: {
          id: 1,
          code: 'harbor',
          variant: 'harbor',
          kind: 'exhibition',
          name: {},
          languages: [],
          currency: 'JPY',
          time_zone: 'Asia/Tokyo',
        },
      },
    });
    renderConsole('/venues/harbor/settings');
    const nav = within(await screen.findByRole('navigation', { name: 'Console' }));
    for (const name of ['Settings', 'Shop texts', 'Payment methods']) expect(nav.getByRole('link', { name })).toBeTruthy();
    await screen.findByRole('region', { name: 'Appearance' });
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  });

  it('edits texts of one language, filters the missing ones, and saves only what changed', async () => {
    const texts: VenueTexts = {
      lang: 'ja',
      texts: [
        { key: 'order_low_stock', value: '残り{count}枚', default: '残り{count}枚', missing: false },
        { key: 'site_tagline', value: null, default: null, missing: true },
        { key: 'footer_copyright', value: '© ハーバー', default: null, missing: false },
      ],
    };
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/texts': { status: 200, body: texts },
      'PUT venues/harbor/texts/ja': { status: 200, body: texts },
    });
    renderConsole('/venues/harbor/texts');
    const missing = await screen.findByRole('checkbox', { name: 'Only missing ones (1)' });
    fireEvent.click(missing);
    expect(within(screen.getByRole('list', { name: 'Texts' })).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(missing);

    // Dropping a placeholder is refused by the row, before anything is sent.
    fireEvent.change(screen.getByRole('textbox', { name: /order_low_stock/ }), { target: { value: '残りわずか' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 changed text' }));
    await screen.findByText('Keep the placeholders of the default, and add none: {count}');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /order_low_stock/ }), { target: { value: 'あと{count}枚' } });
    fireEvent.change(screen.getByRole('textbox', { name: /site_tagline/ }), { target: { value: '港の美術館' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 2 changed texts' }));
    await screen.findByText('Saved. The shop shows the change within a second.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      texts: { order_low_stock: 'あと{count}枚', site_tagline: '港の美術館' },
    });
  });

  it('moves payment methods with buttons and keeps the key masked', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/payment-methods': {
        status: 200,
        body: {
          methods: [
            { method: 'gmo', provider: 'sandbox', channels: ['web'], is_enabled: true },
            { method: 'free', provider: 'free', channels: ['web'], is_enabled: true },
          ],
          provider_keys: { stripe: { publishableKey: 'pk_live_…4242' } },
          providers: ['free', 'sandbox'],
        },
      },
      'PUT venues/harbor/payment-methods': (call) => ({
        status: 200,
        body: { ...(call.body as object), provider_keys: {}, providers: ['free', 'sandbox'] },
      }),
    });
    renderConsole('/venues/harbor/payment-methods');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Free (no payment) up' }));
    expect(screen.getByText('Set: pk_live_…4242. Enter a new key to replace it.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Stripe publishable key' }), { target: { value: 'sk_live_123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await screen.findByText('This is a secret key. Secret keys belong in the server’s environment, never here.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Stripe publishable key' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await screen.findByText('Saved. The shop shows the change within a second.');
    const put = calls.find((call) => call.method === 'PUT')?.body as { methods: { method: string }[] } | undefined;
    expect(put?.methods.map((entry) => entry.method)).toEqual(['free', 'gmo']);
  });

  it('offers each method only the providers that can take it, and sets, shows and removes the Adyen keys', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/payment-methods': {
        status: 200,
        body: {
          methods: [
            { method: 'adyen_credit', provider: 'adyen', channels: ['web'], is_enabled: true },
            { method: 'gmo_paypay', provider: 'sandbox', channels: ['web'], is_enabled: true },
            { method: 'free', provider: 'free', channels: ['web'], is_enabled: true },
          ],
          provider_keys: { adyen: { clientKey: 'live_…2345', merchantAccount: 'Harbor_ECOM' } },
          providers: ['free', 'sandbox', 'stripe', 'adyen', 'paypay'],
        },
      },
      'PUT venues/harbor/payment-methods': (call) => ({
        status: 200,
        body: { ...(call.body as object), provider_keys: {}, providers: ['free', 'sandbox', 'stripe', 'adyen', 'paypay'] },
      }),
    });
    renderConsole('/venues/harbor/payment-methods');
    const providerChoices = (method: RegExp) =>
      within(within(screen.getByRole('listitem', { name: method })).getByRole('combobox', { name: 'Provider' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await screen.findByRole('listitem', { name: /adyen_credit/ });
    expect(providerChoices(/adyen_credit/)).toEqual(['Sandbox (test payments)', 'Stripe', 'Adyen']);
    expect(providerChoices(/gmo_paypay/)).toEqual(['Sandbox (test payments)', 'PayPay']);
    expect(providerChoices(/free/)).toEqual(['Free']);

    // The client key shows masked, the merchant account in full.
    expect(screen.getByText(/Set: live_…2345\. Enter a new key to replace it\./)).toBeTruthy();
    expect(screen.getByText(/Set: Harbor_ECOM\. Enter another name to replace it\./)).toBeTruthy();

    const clientKey = screen.getByRole('textbox', { name: 'Adyen client key' });
    fireEvent.change(clientKey, {
      target: { value: 'AQEyhmfxK4zJbBZDw0m/n3Q5qf3VaY9UCJ14XWZE03G/k2NFitRvbe4N1XqH1eHaH2AksaEQjsRUPb0=-ZvT1KXJ9Ad0wVCOAbz' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await screen.findByText('This is a secret key. Secret keys belong in the server’s environment, never here.');
    fireEvent.change(clientKey, { target: { value: 'test_abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await screen.findByText('Enter an Adyen client key: test_ or live_ followed by 32 capital letters or digits.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Adyen merchant account' }), { target: { value: 'Harbor Museum' } });
    fireEvent.change(clientKey, { target: { value: 'test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await screen.findByText('Enter the merchant account’s name in 1 to 80 letters, digits, underscores, hyphens or full stops.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Adyen merchant account' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remove the Adyen merchant account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await screen.findByText('Saved. The shop shows the change within a second.');
    const put = calls.find((call) => call.method === 'PUT')?.body as { provider_keys?: unknown } | undefined;
    expect(put?.provider_keys).toEqual({ adyen: { clientKey: 'test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345', merchantAccount: null } });
  });

  it('shows Adyen’s fields once a method uses Adyen, and refuses a provider kept that cannot take its method', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/payment-methods': {
        status: 200,
        body: {
          methods: [
            { method: 'adyen_credit', provider: 'sandbox', channels: ['web'], is_enabled: true },
            { method: 'gmo_paypay', provider: 'stripe', channels: ['web'], is_enabled: true },
          ],
          provider_keys: {},
          providers: ['free', 'sandbox', 'stripe', 'adyen', 'paypay'],
        },
      },
    });
    renderConsole('/venues/harbor/payment-methods');
    await screen.findByRole('textbox', { name: 'Stripe publishable key' });
    expect(screen.queryByRole('textbox', { name: 'Adyen client key' })).toBeNull();
    const adyenCard = within(screen.getByRole('listitem', { name: /adyen_credit/ }));
    fireEvent.change(adyenCard.getByRole('combobox', { name: 'Provider' }), { target: { value: 'adyen' } });
    expect(screen.getByRole('textbox', { name: 'Adyen client key' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Adyen merchant account' })).toBeTruthy();

    // Stripe cannot take a PayPay wallet: still listed as the method's current provider, and refused on saving.
    const paypay = within(screen.getByRole('listitem', { name: /gmo_paypay/ }));
    expect(paypay.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sandbox (test payments)',
      'PayPay',
      'Stripe',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    expect(await paypay.findByText('Stripe cannot take this method. Choose another provider.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the venue’s Apple Wallet switch and location, and saves them as the contract’s body', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'GET venues/harbor/apple-wallet': { status: 200, body: appleWallet() },
      'GET venues/harbor/google-wallet': { status: 200, body: googleWallet() },
      'PUT venues/harbor/apple-wallet': (call) => ({ status: 200, body: { is_configured: true, ...(call.body as object) } }),
    });
    renderConsole('/venues/harbor/settings');
    const { apple, appleSwitch, latitude, longitude } = await walletSections();
    expect(
      apple.getByText(
        'Visitors can add their tickets to Apple Wallet; passes update when a ticket is re-dated, shared or cancelled.',
      ),
    ).toBeTruthy();
    expect(appleSwitch.checked).toBe(true);
    expect(appleSwitch.disabled).toBe(false);
    expect(latitude.value).toBe('35.6812');
    expect(longitude.value).toBe('139.7671');

    fireEvent.click(appleSwitch);
    fireEvent.input(latitude, { target: { value: ' 34.7025 ' } });
    fireEvent.input(longitude, { target: { value: '135.4959' } });
    fireEvent.click(apple.getByRole('button', { name: 'Save Apple Wallet' }));
    await apple.findByText('Saved. Tickets do not offer Apple Wallet.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_enabled: false, latitude: 34.7025, longitude: 135.4959 },
    ]);

    // Both cleared is "no location"; turned back on, tickets offer the pass again.
    fireEvent.input(latitude, { target: { value: '' } });
    fireEvent.input(longitude, { target: { value: '' } });
    fireEvent.click(appleSwitch);
    fireEvent.click(apple.getByRole('button', { name: 'Save Apple Wallet' }));
    await apple.findByText('Saved. Tickets now offer “Add to Apple Wallet”.');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      is_enabled: true,
      latitude: null,
      longitude: null,
    });
  });

  it('refuses one coordinate without the other, or out of range, on the field and before anything is sent', async () => {
    let refuse = false;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'GET venues/harbor/apple-wallet': { status: 200, body: appleWallet() },
      'GET venues/harbor/google-wallet': { status: 200, body: googleWallet() },
      'PUT venues/harbor/apple-wallet': (call) =>
        refuse
          ? { status: 400, body: { error: 'invalid request', field: 'longitude', message: 'longitude is not accepted' } }
          : { status: 200, body: { is_configured: true, ...(call.body as object) } },
    });
    renderConsole('/venues/harbor/settings');
    const { apple, latitude, longitude } = await walletSections();
    const save = apple.getByRole('button', { name: 'Save Apple Wallet' });

    fireEvent.input(longitude, { target: { value: '' } });
    fireEvent.click(save);
    await apple.findByText('Enter the longitude too, or clear the latitude.');
    expect(longitude.getAttribute('aria-invalid')).toBe('true');
    expect(latitude.getAttribute('aria-invalid')).toBeNull();
    expect(apple.getByText('Some fields need a change: see the messages beside them.')).toBeTruthy();

    fireEvent.input(longitude, { target: { value: '139.7671' } });
    fireEvent.input(latitude, { target: { value: '' } });
    fireEvent.click(save);
    await apple.findByText('Enter the latitude too, or clear the longitude.');
    expect(latitude.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(latitude, { target: { value: '95' } });
    fireEvent.input(longitude, { target: { value: 'east' } });
    fireEvent.click(save);
    await apple.findByText('Enter a latitude from −90 to 90, like 35.6812.');
    await apple.findByText('Enter a longitude from −180 to 180, like 139.7671.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // The server's refusal naming a field shows on that field.
    refuse = true;
    fireEvent.input(latitude, { target: { value: '35' } });
    fireEvent.input(longitude, { target: { value: '139' } });
    fireEvent.click(save);
    await apple.findByText('The server did not accept this value.');
    expect(longitude.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_enabled: true, latitude: 35, longitude: 139 },
    ]);
  });

  it('turns Google Wallet on and off, and shows a refusal for want of an issuer as a notice', async () => {
    let configured = true;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'GET venues/harbor/apple-wallet': { status: 200, body: appleWallet() },
      'GET venues/harbor/google-wallet': () => ({ status: 200, body: googleWallet({ is_configured: configured }) }),
      'PUT venues/harbor/google-wallet': (call) =>
        configured
          ? { status: 200, body: { is_configured: true, ...(call.body as object) } }
          : {
              status: 409,
              body: { error: 'conflict', field: 'is_enabled', message: 'is_enabled: no Google Wallet issuer account' },
            },
    });
    renderConsole('/venues/harbor/settings');
    const { google, googleSwitch } = await walletSections();
    expect(
      google.getByText(
        'Visitors can add their tickets to Google Wallet; passes update when a ticket is re-dated, shared or cancelled.',
      ),
    ).toBeTruthy();
    expect(googleSwitch.checked).toBe(false);

    fireEvent.click(googleSwitch);
    fireEvent.click(google.getByRole('button', { name: 'Save Google Wallet' }));
    await google.findByText('Saved. Tickets now offer “Add to Google Wallet”.');
    fireEvent.click(googleSwitch);
    fireEvent.click(google.getByRole('button', { name: 'Save Google Wallet' }));
    await google.findByText('Saved. Tickets do not offer Google Wallet.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_enabled: true },
      { is_enabled: false },
    ]);

    // The deployment lost its issuer since the screen loaded: the refusal is a notice, and the
    // switch goes back, disabled, with what the operator must set.
    configured = false;
    fireEvent.click(googleSwitch);
    fireEvent.click(google.getByRole('button', { name: 'Save Google Wallet' }));
    await google.findByText(
      'This server has no Google Wallet issuer account, so passes cannot be turned on. Ask the operator to set one up.',
    );
    await google.findByText(/The operator must set GOOGLE_WALLET_ISSUER_ID/);
    expect(googleSwitch.checked).toBe(false);
    expect(googleSwitch.disabled).toBe(true);
    expect(google.queryByRole('button', { name: 'Save Google Wallet' })).toBeNull();
  });

  it('disables the wallet switches, naming what the operator must set, while the server has no certificate or issuer', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'GET venues/harbor/apple-wallet': {
        status: 200,
        body: appleWallet({ is_configured: false, is_enabled: false, latitude: null, longitude: null }),
      },
      'GET venues/harbor/google-wallet': { status: 200, body: googleWallet({ is_configured: false }) },
      'PUT venues/harbor/apple-wallet': (call) => ({ status: 200, body: { is_configured: false, ...(call.body as object) } }),
    });
    renderConsole('/venues/harbor/settings');
    const { apple, google, appleSwitch, googleSwitch, latitude, longitude } = await walletSections();
    expect(appleSwitch.disabled).toBe(true);
    expect(googleSwitch.disabled).toBe(true);
    const appleNote = apple.getByText(
      'Not available yet: this server has no Apple Wallet pass certificate. The operator must set APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_SIGNER_CERT, APPLE_WALLET_SIGNER_KEY, APPLE_WALLET_WWDR_CERT.',
    );
    expect(appleSwitch.getAttribute('aria-describedby')).toBe(appleNote.id);
    const googleNote = google.getByText(
      'Not available yet: this server has no Google Wallet issuer account. The operator must set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT_KEY (or GOOGLE_WALLET_CLIENT_EMAIL with GOOGLE_WALLET_PRIVATE_KEY).',
    );
    expect(googleSwitch.getAttribute('aria-describedby')).toBe(googleNote.id);
    expect(google.queryByRole('button', { name: 'Save Google Wallet' })).toBeNull();

    // The location can be given ahead of the certificate; the switch stays as it is.
    fireEvent.input(latitude, { target: { value: '35.6812' } });
    fireEvent.input(longitude, { target: { value: '139.7671' } });
    fireEvent.click(apple.getByRole('button', { name: 'Save Apple Wallet' }));
    await apple.findByText('Saved. Tickets do not offer Apple Wallet.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_enabled: false, latitude: 35.6812, longitude: 139.7671 },
    ]);
  });

  it('shows the wallet sections read-only to a member without catalogue:write', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: readerSession() },
      'GET venues/harbor/settings': { status: 200, body: settings() },
      'GET venues/harbor/apple-wallet': { status: 200, body: appleWallet() },
      'GET venues/harbor/google-wallet': { status: 200, body: googleWallet({ is_enabled: true }) },
    });
    renderConsole('/venues/harbor/settings');
    const { apple, google, appleSwitch, googleSwitch, latitude } = await walletSections();
    expect(appleSwitch.checked).toBe(true);
    expect(googleSwitch.checked).toBe(true);
    expect(latitude.value).toBe('35.6812');
    for (const control of [appleSwitch, googleSwitch, latitude])
      expect(control.closest('fieldset.settings-fields')?.hasAttribute('disabled')).toBe(true);
    expect(apple.queryByRole('button')).toBeNull();
    expect(google.queryByRole('button')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('filters, moves and places errors with small pure helpers', () => {
    const texts = [
      { key: 'a_title', value: 'Hello', default: 'Hello', missing: false },
      { key: 'b_body', value: null, default: 'World', missing: true },
    ];
    expect(filterTexts(texts, 'world', false).map((t) => t.key)).toEqual(['b_body']);
    expect(filterTexts(texts, '', true).map((t) => t.key)).toEqual(['b_body']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(nearestField('tag_manager_ids.0', ['tag_manager_ids', 'time_zone'])).toBe('tag_manager_ids');
    expect(nearestField('layout.ticket_display.type', ['layout', 'layout.ticket_display.type'])).toBe(
      'layout.ticket_display.type',
    );
    expect(nearestField('currency', ['time_zone'])).toBeNull();
  });
});
