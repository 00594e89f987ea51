/**
 * The summary mails (issue 18 part 4): when a period is due in the venue's day, the caller's own
 * subscriptions through the console's API (rights, refusals, audit), and the sender: one mail per
 * subscription and period, in the member's language, with the period's figures beside the one
 * before, written once even when two processes (two connection pools) look at the same moment.
 * Orders are written on days far from today, so no clock reaches them by itself.
 */
import { startOfDayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { axeViolations } from '../../../test/mail.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Site } from '../sites/site.ts';
import { createSitesService } from '../sites/sites.service.ts';
import { dueReportPeriod, type ReportMailDeps, sendDueReportMails } from './report-mail-sender.ts';

const TOKYO = 'Asia/Tokyo';
/** A wall-clock time of a day in Tokyo as an instant. */
const tokyo = (day: string, hour: number, minute = 0) =>
  new Date(startOfDayIn(day, TOKYO).getTime() + (hour * 60 + minute) * 60_000);

it('a daily mail is due at seven of the venue day for the day before, a weekly one on Mondays for the week before', () => {
  // Monday 23 November 2026.
  expect(dueReportPeriod('daily', TOKYO, tokyo('2026-11-23', 6, 59))).toMatchObject({ from: '2026-11-21', to: '2026-11-21' });
  expect(dueReportPeriod('daily', TOKYO, tokyo('2026-11-23', 7))).toEqual({
    from: '2026-11-22',
    to: '2026-11-22',
    sendAt: tokyo('2026-11-23', 7),
  });
  expect(dueReportPeriod('weekly', TOKYO, tokyo('2026-11-23', 6, 59))).toMatchObject({ from: '2026-11-09', to: '2026-11-15' });
  expect(dueReportPeriod('weekly', TOKYO, tokyo('2026-11-23', 7))).toEqual({
    from: '2026-11-16',
    to: '2026-11-22',
    sendAt: tokyo('2026-11-23', 7),
  });
  // Sunday night is still the week mailed the Monday before.
  expect(dueReportPeriod('weekly', TOKYO, tokyo('2026-11-29', 23, 59))).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
  // Seven in New York is noon in UTC (winter time).
  expect(dueReportPeriod('daily', 'America/New_York', new Date('2026-11-24T11:59:00Z'))).toMatchObject({ from: '2026-11-22' });
  expect(dueReportPeriod('daily', 'America/New_York', new Date('2026-11-24T12:00:00Z'))).toMatchObject({ from: '2026-11-23' });
});

type MailRow = { to_address: string; subject: string; text_body: string; html_body: string; lang: string; site_id: number };

describeEachEngine('summary mails', (ctx) => {
  const server = useTestApp(ctx);
  let demo: Site;
  let cafe: Site;
  let manager: { email: string; id: number; client: ConsoleClient };
  const queued: number[] = [];
  const deps = (db: Database): ReportMailDeps => ({
    sites: () => createSitesService(db, { appMode: 'demo', defaultVariant: 'demo', reconnectSite: null }).list(),
    mailer: { from: () => 'Storefront <no-reply@storefront.test>', publicUrl: () => 'https://shop.example' },
    onMailQueued: () => queued.push(1),
  });
  const mailsTo = (email: string) =>
    rows<MailRow>(
      ctx.db,
      sql`select to_address, subject, text_body, html_body, lang, site_id from outbox
          where kind = 'staff_report' and to_address = ${email} order by created_at, subject`,
    );
  const dailyMailsTo = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('daily'));

  /** A completed order of `total` yen, completed at `at`, with `quantity` admissions in a slot of that day. */
  async function order(site: Site, day: string, at: Date, total: number, quantity: number, serial: string) {
    const [product] = await rows<{ id: number }>(
      ctx.db,
      sql`select id from products where site_id = ${site.id} order by id limit 1`,
    );
    const [slot] = await rows<{ id: number }>(
      ctx.db,
      sql`insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
          values (${product?.id}, ${day}, ${tokyo(day, 10).toISOString()}, ${tokyo(day, 11).toISOString()}, 20, ${quantity})
          on conflict (product_id, starts_at) do update set sold = product_time_spans.sold + excluded.sold
          returning id`,
    );
    await ctx.db.execute(
      sql`insert into orders (site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity, option_values,
                              set_products, payment_method, subtotal, discount, total, expires_at, completed_at, reservation_number)
          values (${site.id}, ${`mail-token-${serial}`}, 'completed', 'web', 'ja', ${product?.id}, ${slot?.id}, ${quantity},
                  '[]'::jsonb, '[]'::jsonb, 'credit_card', ${total}, 0, ${total}, ${at.toISOString()}, ${at.toISOString()},
                  ${`RML${serial.padStart(7, '0')}`})`,
    );
  }

  async function member(rights: Parameters<typeof makeTeam>[1]['rights'], venueIds?: number[], language = 'en') {
    const team = await makeTeam(ctx.db, { rights, ...(venueIds ? { venueIds } : {}) });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    await ctx.db.execute(sql`update staff_accounts set language = ${language} where id = ${staff.id}`);
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    return { email: staff.email, id: staff.id, client };
  }

  beforeAll(async () => {
    const all = (await deps(ctx.db).sites()) as Site[];
    demo = all.find((site) => site.code === 'demo') as Site;
    cafe = all.find((site) => site.code === 'cafe-lumen') as Site;
    // Monday 3 March 2031 and the days after, at the demo venue.
    await order(demo, '2031-03-03', tokyo('2031-03-03', 10), 3000, 2, '1');
    await order(demo, '2031-03-04', tokyo('2031-03-04', 9, 30), 4500, 3, '2');
    await order(demo, '2031-03-04', tokyo('2031-03-04', 23, 59), 1200, 1, '3');
    await order(demo, '2031-03-05', tokyo('2031-03-05', 0, 1), 9900, 5, '4');
    manager = await member(['reports:read'], [demo.id]);
  });

  it('a member subscribes at a venue whose figures they read; the change is audited', async () => {
    const empty = await manager.client.get<{ subscriptions: unknown[]; venues: Array<{ code: string; name: string }> }>(
      'account/report-mails',
    );
    expect(empty.status).toBe(200);
    expect(empty.body.subscriptions).toEqual([]);
    expect(empty.body.venues.map((venue) => venue.code)).toEqual(['demo']);
    expect(empty.body.venues[0]?.name).not.toBe('');

    const put = await manager.client.put<{ subscriptions: Array<{ venue: string; frequency: string; last_sent_at: null }> }>(
      'account/report-mails',
      {
        subscriptions: [
          { venue: 'demo', frequency: 'weekly' },
          { venue: 'demo', frequency: 'daily' },
        ],
      },
    );
    expect(put.status).toBe(200);
    expect(put.body.subscriptions).toEqual([
      { venue: 'demo', frequency: 'daily', last_sent_at: null },
      { venue: 'demo', frequency: 'weekly', last_sent_at: null },
    ]);
    const audit = await rows<{ action: string; changes: { subscriptions: { before: string[]; after: string[] } } }>(
      ctx.db,
      sql`select action, changes from audit_log where object_type = 'report_mails' and object_id = ${String(manager.id)}`,
    );
    expect(audit).toEqual([
      { action: 'changed', changes: { subscriptions: { before: [], after: ['demo daily', 'demo weekly'] } } },
    ]);
    // The same list again changes nothing and writes no entry.
    await manager.client.put('account/report-mails', {
      subscriptions: [
        { venue: 'demo', frequency: 'daily' },
        { venue: 'demo', frequency: 'weekly' },
      ],
    });
    const after = await rows(
      ctx.db,
      sql`select 1 from audit_log where object_type = 'report_mails' and object_id = ${String(manager.id)}`,
    );
    expect(after).toHaveLength(1);
  });

  it('refuses a venue the member does not see, one without the right, a frequency unknown and a subscription twice', async () => {
    const seesCafe = await member(['orders:read'], [cafe.id]);
    const refusals: Array<[ConsoleClient, unknown, number, RegExp]> = [
      [
        manager.client,
        { subscriptions: [{ venue: 'cafe-lumen', frequency: 'daily' }] },
        400,
        /subscriptions\.0\.venue .*unknown venue "cafe-lumen"/,
      ],
      [manager.client, { subscriptions: [{ venue: 'nowhere', frequency: 'daily' }] }, 400, /unknown venue "nowhere"/],
      [seesCafe.client, { subscriptions: [{ venue: 'cafe-lumen', frequency: 'daily' }] }, 403, /reports:read at cafe-lumen/],
      [manager.client, { subscriptions: [{ venue: 'demo', frequency: 'hourly' }] }, 400, /daily, weekly/],
      [
        manager.client,
        {
          subscriptions: [
            { venue: 'demo', frequency: 'daily' },
            { venue: 'demo', frequency: 'daily' },
          ],
        },
        400,
        /twice/,
      ],
      [manager.client, { subscriptions: 'demo' }, 400, /subscriptions/],
      [manager.client, { subscriptions: [{ venue: 'de\u0000mo', frequency: 'daily' }] }, 400, /NUL/],
    ];
    for (const [client, body, status, message] of refusals) {
      const answer = await client.put<{ message: string }>('account/report-mails', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toMatch(message);
    }
    // No session: 401, for reading and for writing.
    const anonymous = consoleClient(server.app);
    expect((await anonymous.get('account/report-mails')).status).toBe(401);
    expect((await anonymous.put('account/report-mails', { subscriptions: [] })).status).toBe(401);
    // Nothing half-written: the manager's subscriptions are as they were.
    const held = await manager.client.get<{ subscriptions: unknown[] }>('account/report-mails');
    expect(held.body.subscriptions).toHaveLength(2);
    const none = await seesCafe.client.get<{ subscriptions: unknown[]; venues: unknown[] }>('account/report-mails');
    expect(none.body).toEqual({ subscriptions: [], venues: [] });
  });

  it('sends the day before at seven of the venue day, once, even with two processes looking at the same moment', async () => {
    const second = ctx.handle.url ? openDatabase({ engine: 'postgres', url: ctx.handle.url, poolSize: 4 }) : null;
    try {
      const other = second?.db ?? ctx.db;
      // Before seven on 5 March, the mails due are those of 3 March and of the week before it.
      expect(await sendDueReportMails(ctx.db, deps(ctx.db), tokyo('2031-03-05', 6, 59))).toBe(2);
      expect((await mailsTo(manager.email)).map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/daily sales summary, Mar 3, 2031$/) as string,
        expect.stringMatching(/weekly sales summary, Feb 24, 2031 – Mar 2, 2031$/) as string,
      ]);

      const seven = tokyo('2031-03-05', 7, 0);
      const written = await Promise.all([
        sendDueReportMails(ctx.db, deps(ctx.db), seven),
        sendDueReportMails(other, deps(other), seven),
      ]);
      expect(written[0] + written[1]).toBe(1);
      const mails = await dailyMailsTo(manager.email);
      expect(mails).toHaveLength(2);
      const mail = mails[1] as MailRow;
      expect(mail.lang).toBe('en');
      expect(mail.site_id).toBe(demo.id);
      expect(mail.subject).toMatch(/daily sales summary, Mar 4, 2031$/);
      // 4 March: two orders (4,500 and 1,200 yen, the second a minute before midnight), 4 admissions;
      // 3 March in brackets. The order a minute after midnight belongs to 5 March.
      expect(mail.text_body).toContain('Sales: ¥5,700 (¥3,000)');
      expect(mail.text_body).toContain('Orders: 2 (1)');
      expect(mail.text_body).toContain('Tickets: 4 (2)');
      expect(mail.text_body).toContain('Refunds: 0 (0)');
      expect(mail.text_body).toContain('https://shop.example/console/venues/demo/reports?from=2031-03-04&to=2031-03-04');
      expect(mail.text_body).toContain('https://shop.example/console/account/report-mails');
      expect(mail.html_body).toContain('<th scope="row"');
      expect(await axeViolations(mail.html_body)).toEqual([]);
      expect(queued.length).toBeGreaterThan(0);

      // Looking again the same day writes nothing more; the next morning writes the next day.
      expect(await sendDueReportMails(other, deps(other), tokyo('2031-03-05', 18))).toBe(0);
      expect(await sendDueReportMails(ctx.db, deps(ctx.db), tokyo('2031-03-06', 7, 5))).toBe(1);
      const next = (await dailyMailsTo(manager.email)).at(-1) as MailRow;
      expect(next.text_body).toContain('Sales: ¥9,900 (¥5,700)');
      const listed = await manager.client.get<{ subscriptions: Array<{ frequency: string; last_sent_at: string | null }> }>(
        'account/report-mails',
      );
      expect(listed.body.subscriptions.find((s) => s.frequency === 'daily')?.last_sent_at).toBe(
        tokyo('2031-03-06', 7, 5).toISOString(),
      );
    } finally {
      await second?.close();
    }
  });

  it('sends the week before on Monday in the member language, and nothing to a member who lost the right', async () => {
    const japanese = await member(['reports:read'], [demo.id], 'ja');
    await japanese.client.put('account/report-mails', { subscriptions: [{ venue: 'demo', frequency: 'weekly' }] });
    const leaver = await member(['reports:read'], [demo.id]);
    await leaver.client.put('account/report-mails', { subscriptions: [{ venue: 'demo', frequency: 'weekly' }] });
    await ctx.db.execute(sql`update staff_accounts set status = 'deactivated' where id = ${leaver.id}`);

    // Monday 10 March 2031: the week of 3 to 9 March.
    await sendDueReportMails(ctx.db, deps(ctx.db), tokyo('2031-03-10', 7, 1));
    const [weekly] = await mailsTo(japanese.email);
    expect(weekly?.lang).toBe('ja');
    expect(weekly?.subject).toContain('週間売上サマリー');
    expect(weekly?.subject).toContain('2031/03/03 – 2031/03/09');
    expect(weekly?.text_body).toContain('売上: ￥18,600（￥0）');
    expect(await mailsTo(leaver.email)).toEqual([]);
    const managerWeekly = (await mailsTo(manager.email)).filter((mail) => mail.subject.includes('weekly'));
    expect(managerWeekly.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Feb 24, 2031') as string,
      expect.stringContaining('Mar 3, 2031 – Mar 9, 2031') as string,
    ]);
    expect(managerWeekly[1]?.text_body).toContain('Sales: ¥18,600 (¥0)');
  });

  it('a subscription made after the moment a period was sent waits for the next period', async () => {
    const late = await member(['reports:read'], [demo.id]);
    await late.client.put('account/report-mails', { subscriptions: [{ venue: 'demo', frequency: 'daily' }] });
    await ctx.db.execute(
      sql`update report_mail_subscriptions set created_at = ${tokyo('2031-03-12', 8).toISOString()} where staff_id = ${late.id}`,
    );
    await sendDueReportMails(ctx.db, deps(ctx.db), tokyo('2031-03-12', 9));
    expect(await mailsTo(late.email)).toEqual([]);
    await sendDueReportMails(ctx.db, deps(ctx.db), tokyo('2031-03-13', 7));
    expect((await mailsTo(late.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/Mar 12, 2031$/) as string]);
  });

  afterAll(() => {
    queued.length = 0;
  });
});
