import type { Configuration } from '@storefront/domain/api/catalogue';
import type { VenueSettings } from '@storefront/domain/console/venue-settings';
import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody } from '../../../test/orders.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { updateVenueSettings } from './update-venue-settings.ts';

describeEachEngine('console venue settings', (ctx) => {
  const server = useTestApp(ctx);
  const auditRows = async (objectType: string) =>
    rows<{ action: string; venue_code: string; actor_id: number; changes: Record<string, { before: unknown; after: unknown }> }>(
      ctx.db,
      sql`select action, venue_code, actor_id, changes from audit_log where object_type = ${objectType} order by id`,
    );
  const shopConfiguration = async (variant: string) => {
    const answer = await server.app.inject({ method: 'GET', url: `/${variant}/api/v1/configurations` });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Configuration;
  };
  const shopFields = async (variant: string) => {
    const answer = await server.app.inject({ method: 'GET', url: `/${variant}/api/v1/field_templates` });
    expect(answer.statusCode).toBe(200);
    const fields = answer.json() as FieldTemplate[];
    return (name: string) => fields.find((field) => field.fieldName === name);
  };
  const siteIdOf = async (code: string) =>
    (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = ${code}`))[0]?.id ?? 0;

  async function signedIn(rights: Parameters<typeof makeTeam>[1]['rights'], venueCodes?: string[]) {
    const venueIds = venueCodes ? await Promise.all(venueCodes.map(siteIdOf)) : undefined;
    const team = await makeTeam(ctx.db, { rights, ...(venueIds ? { venueIds } : {}) });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    return { client, staff };
  }

  it('shows the settings and changes only the fields sent, which the shop then serves, and records before and after', async () => {
    const { client, staff } = await signedIn(['catalogue:write'], ['demo']);
    const read = await client.get<VenueSettings>('venues/demo/settings');
    expect(read.status).toBe(200);
    expect(read.body.languages.length).toBeGreaterThan(0);
    const before = read.body.settings;
    const shopBefore = await shopConfiguration('demo');
    expect(shopBefore.holdMinutes).toBe(before.hold_minutes);

    const patch = {
      theme: { primary: '#123456' },
      layout: { order_procedure: 'date_first', ticket_display: { header_color: { sp: '#abcdef' } } },
      hold_minutes: 25,
      tag_manager_ids: ['GTM-ABC1234'],
      page_title: { en: 'Demo tickets, renamed' },
      date_change: { deadline_minutes: 90, cheaper_new_slot: 'refund_difference' },
      mail_confirm: { confirm_by_mail: true },
    };
    const changed = await client.patch<VenueSettings>('venues/demo/settings', patch);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = changed.body.settings;
    expect(after.theme).toEqual({ ...before.theme, primary: '#123456' });
    expect(after.layout.ticket_display.header_color).toEqual({ ...before.layout.ticket_display.header_color, sp: '#abcdef' });
    expect(after.layout.is_calendar_coloured).toBe(before.layout.is_calendar_coloured);
    expect(after.page_title).toEqual({ ...before.page_title, en: 'Demo tickets, renamed' });
    expect(after.date_change).toEqual({ ...before.date_change, deadline_minutes: 90, cheaper_new_slot: 'refund_difference' });
    expect(after.name).toEqual(before.name);
    expect(after.currency).toBe(before.currency);

    const shop = await shopConfiguration('demo');
    expect(shop.theme.primary).toBe('#123456');
    // The logo the shop renders as SVG stays as it was: the console cannot write it.
    expect(shop.theme.logoSvg).toBe(shopBefore.theme.logoSvg);
    expect(shop.orderProcedure).toBe('date_first');
    expect(shop.ticketDisplay.headerColor.sp).toBe('#abcdef');
    expect(shop.holdMinutes).toBe(25);
    expect(shop.tagManagerIds).toEqual(['GTM-ABC1234']);
    expect(shop.pageTitle.en).toBe('Demo tickets, renamed');
    expect(shop.mailConfirm.confirmByMail).toBe(true);
    const gtm = await server.app.inject({ method: 'GET', url: '/demo/api/v1/gtm/GTM-ABC1234' });
    expect(gtm.statusCode).toBe(200);
    const [rules] = await rows<{ rules: { deadlineMinutes: number; cheaperNewSlot: string } }>(
      ctx.db,
      sql`select time_change as rules from sites where code = 'demo'`,
    );
    expect(rules?.rules).toMatchObject({ deadlineMinutes: 90, cheaperNewSlot: 'refund_difference' });

    const [entry] = (await auditRows('venue_settings')).slice(-1);
    expect(entry).toMatchObject({ action: 'updated', venue_code: 'demo', actor_id: staff.id });
    expect(Object.keys(entry?.changes ?? {}).sort()).toEqual(
      ['date_change', 'hold_minutes', 'layout', 'mail_confirm', 'page_title', 'tag_manager_ids', 'theme'].sort(),
    );
    expect(entry?.changes.hold_minutes).toEqual({ before: before.hold_minutes, after: 25 });

    // The same values again change nothing, and record nothing.
    const count = (await auditRows('venue_settings')).length;
    expect((await client.patch('venues/demo/settings', patch)).status).toBe(200);
    expect((await auditRows('venue_settings')).length).toBe(count);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const { client } = await signedIn(['catalogue:write'], ['demo']);
    const before = (await client.get<VenueSettings>('venues/demo/settings')).body.settings;
    const audits = (await auditRows('venue_settings')).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ theme: { primary: 'red' } }, 'theme.primary'],
      [{ theme: { logoSvg: '<svg onload="alert(1)"/>' } }, 'theme'],
      [{ hold_minutes: 4 }, 'hold_minutes'],
      [{ hold_minutes: 61 }, 'hold_minutes'],
      [{ low_stock_threshold: -1 }, 'low_stock_threshold'],
      [{ tag_manager_ids: ['UA-12345'] }, 'tag_manager_ids.0'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ email: 'not an address' }, 'email'],
      [{ layout: { ticket_display: { type: 'stacked' } } }, 'layout.ticket_display.type'],
      [{ date_change: { product_keys: ['no-such-product'] } }, 'date_change.product_keys'],
      [{ date_change: { deadline_minutes: 1.5 } }, 'date_change.deadline_minutes'],
      [{ name: { [before.name.ja ? 'ja' : 'en']: '' } }, 'name'],
      [{ sign_in_form: { resident_area_list: 'continents' } }, 'sign_in_form.resident_area_list'],
      [{ sign_in_form: { resident_area_field: 'map' } }, 'sign_in_form.resident_area_field'],
      [{ sign_in_form: { age_bands: 'all_ages' } }, 'sign_in_form.age_bands'],
      [{ sign_in_form: { gender_choices: 'free_text' } }, 'sign_in_form.gender_choices'],
      [{ sign_in_form: { mail_magazine_default_checked: 'yes' } }, 'sign_in_form.mail_magazine_default_checked'],
      [{ sign_in_form: { no_select_value: 'none' } }, 'sign_in_form'],
    ];
    for (const [body, field] of cases) {
      // A valid change beside the bad one must not be written either.
      const answer = await client.patch<{ error: string; field: string }>('venues/demo/settings', { hold_minutes: 33, ...body });
      expect(answer.status, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.field, JSON.stringify(body)).toBe(field);
    }
    expect((await client.get<VenueSettings>('venues/demo/settings')).body.settings).toEqual(before);
    expect((await auditRows('venue_settings')).length).toBe(audits);
  });

  it('changes the currency and the time zone of a venue without orders, and refuses a currency change once it has one', async () => {
    const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
    const client = consoleClient(server.app);
    await signIn(client, owner.email);
    const created = await client.post('venues', {
      code: 'fresh-hall',
      variant: 'fresh-hall',
      kind: 'exhibition',
      name: { en: 'Fresh Hall' },
      languages: ['en'],
      currency: 'JPY',
      time_zone: 'Asia/Tokyo',
    });
    expect(created.status).toBe(201);
    const fresh = await client.patch<VenueSettings>('venues/fresh-hall/settings', { currency: 'EUR', time_zone: 'Europe/Paris' });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toMatchObject({ has_orders: false, settings: { currency: 'EUR', time_zone: 'Europe/Paris' } });
    expect(await shopConfiguration('fresh-hall')).toMatchObject({ currency: 'EUR', timeZone: 'Europe/Paris' });
    const stray = await client.patch<{ field: string }>('venues/fresh-hall/settings', { page_title: { th: 'Not offered' } });
    expect(stray).toMatchObject({ status: 400, body: { field: 'page_title' } });

    // The demo venue gets an order from the shop: its currency is fixed from then on.
    const slot = await freshSlot(ctx.db, 'demo', 10);
    const order = await apiFor(server.app, 'demo').post('orders', orderBody(slot, 1));
    expect(order.status).toBe(201);
    const read = await client.get<VenueSettings>('venues/demo/settings');
    expect(read.body.has_orders).toBe(true);
    const refused = await client.patch<{ error: string; field: string; message: string }>('venues/demo/settings', {
      currency: 'USD',
      hold_minutes: 40,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', field: 'currency' });
    expect(refused.body.message).toMatch(/has orders/);
    expect((await client.get<VenueSettings>('venues/demo/settings')).body.settings.hold_minutes).not.toBe(40);
    // Sending the currency it already has is no change, and passes.
    const same = await client.patch('venues/demo/settings', { currency: read.body.settings.currency });
    expect(same.status).toBe(200);
  });

  it('reads with catalogue:read, writes only with catalogue:write, and hides other venues', async () => {
    const { client: reader } = await signedIn(['catalogue:read'], ['demo']);
    expect((await reader.get('venues/demo/settings')).status).toBe(200);
    expect((await reader.patch('venues/demo/settings', { hold_minutes: 20 })).status).toBe(403);
    const refused = await reader.patch('venues/demo/settings', { sign_in_form: { resident_area_list: 'residence' } });
    expect(refused.status).toBe(403);
    expect((await reader.get<VenueSettings>('venues/demo/settings')).body.settings.sign_in_form.resident_area_list).toBe(
      'countries',
    );
    const { client: other } = await signedIn(['orders:read'], ['demo']);
    expect((await other.get('venues/demo/settings')).status).toBe(403);
    const { client: elsewhere } = await signedIn(['catalogue:write'], ['cafe-lumen']);
    expect((await elsewhere.get('venues/demo/settings')).status).toBe(404);
    expect((await consoleClient(server.app).get('venues/demo/settings')).status).toBe(401);
  });

  it('sets the sign-in form’s lists and the newsletter default, which the shop’s form and settings then follow', async () => {
    const { client, staff } = await signedIn(['catalogue:write'], ['demo']);
    const read = await client.get<VenueSettings>('venues/demo/settings');
    expect(read.status).toBe(200);
    expect(read.body.settings.sign_in_form).toEqual({
      resident_area_field: 'text',
      resident_area_list: 'countries',
      age_bands: 'teens_to_70',
      gender_choices: 'male_female_other',
      mail_magazine_default_checked: false,
    });
    // The shop has answered (and cached) the form as it was.
    const fieldBefore = await shopFields('demo');
    expect(fieldBefore('resident_area')).toMatchObject({ type: 'text', choiceList: null });
    expect(fieldBefore('age')?.choiceList).toBe('age_teens_to_70');
    const configBefore = await shopConfiguration('demo');
    expect(configBefore.values.mail_magazine_default_checked).toBeUndefined();

    const changed = await client.patch<VenueSettings>('venues/demo/settings', {
      sign_in_form: {
        resident_area_field: 'select',
        resident_area_list: 'residence',
        age_bands: 'young_adult_to_80',
        gender_choices: 'man_woman',
        mail_magazine_default_checked: true,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = {
      resident_area_field: 'select',
      resident_area_list: 'residence',
      age_bands: 'young_adult_to_80',
      gender_choices: 'man_woman',
      mail_magazine_default_checked: true,
    };
    expect(changed.body.settings.sign_in_form).toEqual(after);
    expect((await client.get<VenueSettings>('venues/demo/settings')).body.settings.sign_in_form).toEqual(after);

    const field = await shopFields('demo');
    // A list for an exhibition's visitors is asked for, as the demo seed's venues with one ask.
    expect(field('resident_area')).toMatchObject({ type: 'select', isDisplay: true, isRequired: true, choiceList: 'residence' });
    expect(field('age')).toMatchObject({ type: 'select', choiceList: 'age_young_adult_to_80' });
    expect(field('gender')).toMatchObject({ type: 'select', choiceList: 'gender_man_woman' });
    expect(field('fullname')).toEqual(fieldBefore('fullname'));
    const config = await shopConfiguration('demo');
    expect(config.signInFields).toEqual({
      ...configBefore.signInFields,
      residentAreaField: 'select',
      residentAreaList: 'residence',
      ageBands: 'young_adult_to_80',
      genderChoices: 'man_woman',
    });
    expect(config.values.mail_magazine_default_checked).toBe(true);

    const [entry] = (await auditRows('venue_settings')).slice(-1);
    expect(entry).toMatchObject({ action: 'updated', venue_code: 'demo', actor_id: staff.id });
    expect(Object.keys(entry?.changes ?? {})).toEqual(['sign_in_form']);
    expect(entry?.changes.sign_in_form).toEqual({ before: read.body.settings.sign_in_form, after });

    // One field back to free text, the newsletter boxes unticked again; the rest stays.
    const back = await client.patch<VenueSettings>('venues/demo/settings', {
      sign_in_form: { resident_area_field: 'text', mail_magazine_default_checked: false },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.settings.sign_in_form).toEqual({
      ...after,
      resident_area_field: 'text',
      mail_magazine_default_checked: false,
    });
    const textField = await shopFields('demo');
    expect(textField('resident_area')).toMatchObject({ type: 'text', isRequired: false, choiceList: null });
    expect(textField('age')?.choiceList).toBe('age_young_adult_to_80');
    const configBack = await shopConfiguration('demo');
    expect(configBack.signInFields.residentAreaField).toBe('text');
    expect(configBack.values.mail_magazine_default_checked).toBe(false);
    const [last] = (await auditRows('venue_settings')).slice(-1);
    expect(last?.changes.sign_in_form?.after).toMatchObject({
      resident_area_field: 'text',
      mail_magazine_default_checked: false,
    });
  });

  it('is an operation a seed can call in its own transaction', async () => {
    const siteId = await siteIdOf('cafe-lumen');
    const { changes } = await ctx.db.transaction((tx) => updateVenueSettings(tx as Database, siteId, { low_stock_threshold: 3 }));
    expect(changes.low_stock_threshold?.after).toBe(3);
  });

  it('shows the venue mail-magazine choice in the sign-in form only with membership login', async () => {
    const { client } = await signedIn(['catalogue:write'], ['demo']);
    const shown = async () =>
      (
        await rows<{ is_display: boolean }>(
          ctx.db,
          sql`select f.is_display from field_templates f join sites s on s.id = f.site_id
               where s.code = 'demo' and f.field_name = 'mail_magazine_demo'`,
        )
      )[0]?.is_display;
    expect(await shown()).toBe(false);
    expect((await client.patch('venues/demo/settings', { has_membership_login: true })).status).toBe(200);
    expect(await shown()).toBe(true);
    expect((await client.patch('venues/demo/settings', { has_membership_login: false })).status).toBe(200);
    expect(await shown()).toBe(false);
  });
});
