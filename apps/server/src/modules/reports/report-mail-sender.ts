/**
 * The summary mails (issue 18 part 4): at REPORT_MAIL_HOUR of a venue's day, each subscriber gets
 * the figures of the day before (daily) or, on Mondays, of the week before (weekly), in their
 * language. Every process looks now and then; a subscription's period is taken by a conditional
 * update in the transaction that writes the mail to the outbox, so the mail is written once however
 * many processes look, and the outbox sends it (with its retries) after commit.
 */

import { REPORT_MAIL_HOUR, type ReportMailFrequency, type SalesTotals } from '@storefront/domain/console/reports';
import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { addDays, startOfDayIn, todayIn } from '@storefront/domain/dates';
import { formatPrice, LOCALES } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { enqueueStaffMail, type StaffMail } from '../mail/enqueue-staff-mail.ts';
import type { Site } from '../sites/site.ts';
import { rightsAt } from '../staff/staff-access.ts';
import { type StaffRecipient, staffRecipients } from '../staff/staff-recipients.ts';
import { mondayOf, readDashboard } from './dashboard.ts';
import { REPORT_MAIL_WORDS } from './report-mail-words.ts';
import { reportMailSubscriptions } from './reports.schema.ts';

/** How often each server process looks for summary mails due. */
export const REPORT_MAIL_CHECK_MS = 5 * 60 * 1000;
/** Best sellers named in a mail. */
const BEST_SELLERS = 3;

export type ReportPeriod = { from: string; to: string; sendAt: Date };

/**
 * The period whose mail is due at `now` in a venue's zone: the day before the latest sending
 * moment (REPORT_MAIL_HOUR of a day), or for a weekly mail the week before the latest Monday's.
 */
export function dueReportPeriod(frequency: ReportMailFrequency, timeZone: string, now: Date): ReportPeriod {
  const sendingAt = (day: string) => new Date(startOfDayIn(day, timeZone).getTime() + REPORT_MAIL_HOUR * 3_600_000);
  const today = todayIn(timeZone, now);
  let day = now >= sendingAt(today) ? today : addDays(today, -1);
  if (frequency === 'weekly') day = mondayOf(day);
  const days = frequency === 'weekly' ? 7 : 1;
  return { from: addDays(day, -days), to: addDays(day, -1), sendAt: sendingAt(day) };
}

export type ReportMailDeps = {
  sites: () => Promise<readonly Site[]>;
  mailer: { from(): string; publicUrl(): string };
  onMailQueued: () => void;
};

/** Writes every summary mail due at `now` that no process has written yet; answers how many this call wrote. */
export async function sendDueReportMails(db: Database, deps: ReportMailDeps, now: Date = clock.now()): Promise<number> {
  const subscriptions = await db
    .select()
    .from(reportMailSubscriptions)
    .orderBy(reportMailSubscriptions.staffId, reportMailSubscriptions.siteId, reportMailSubscriptions.frequency);
  if (subscriptions.length === 0) return 0;
  const venues = new Map((await deps.sites()).map((site) => [site.id, site]));
  const people = await staffRecipients(db, [...new Set(subscriptions.map((row) => row.staffId))]);
  let written = 0;
  for (const subscription of subscriptions) {
    const venue = venues.get(subscription.siteId);
    const person = people.get(subscription.staffId);
    // A member deactivated, or without the right now, is not sent the figures; the subscription stays.
    if (!venue || !person || !rightsAt(person.access, venue.id).has('reports:read')) continue;
    const period = dueReportPeriod(subscription.frequency, venue.timeZone, now);
    // Subscribed after this period's mail went out: the first mail is the next period's.
    if (subscription.createdAt > period.sendAt) continue;
    if (subscription.lastPeriod !== null && subscription.lastPeriod >= period.from) continue;
    const wrote = await db.transaction(async (tx) => {
      const taken = await tx
        .update(reportMailSubscriptions)
        .set({ lastPeriod: period.from, lastSentAt: now })
        .where(
          and(
            eq(reportMailSubscriptions.staffId, subscription.staffId),
            eq(reportMailSubscriptions.siteId, subscription.siteId),
            eq(reportMailSubscriptions.frequency, subscription.frequency),
            or(isNull(reportMailSubscriptions.lastPeriod), lt(reportMailSubscriptions.lastPeriod, period.from)),
          ),
        )
        .returning({ staffId: reportMailSubscriptions.staffId });
      if (taken.length === 0) return false;
      const lang = languageOf(person);
      const dashboard = await readDashboard(tx, [venue], { from: period.from, to: period.to }, lang, now);
      await enqueueStaffMail(
        tx,
        reportMail({ person, lang, venue, period, frequency: subscription.frequency, dashboard, mailer: deps.mailer }),
      );
      return true;
    });
    if (wrote) written += 1;
  }
  if (written > 0) deps.onMailQueued();
  return written;
}

const languageOf = (person: StaffRecipient): LanguageCode =>
  (LANGUAGE_CODES as readonly string[]).includes(person.language) ? (person.language as LanguageCode) : 'en';

function reportMail(input: {
  person: StaffRecipient;
  lang: LanguageCode;
  venue: Site;
  period: ReportPeriod;
  frequency: ReportMailFrequency;
  dashboard: Awaited<ReturnType<typeof readDashboard>>;
  mailer: ReportMailDeps['mailer'];
}): StaffMail {
  const { person, lang, venue, period, dashboard } = input;
  const words = REPORT_MAIL_WORDS[lang];
  const weekly = input.frequency === 'weekly';
  const dates = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' });
  const dateOf = (day: string) => dates.format(new Date(`${day}T00:00:00Z`));
  const venueName = localize(venue.venue.name, lang) || venue.code;
  const periodText = weekly ? `${dateOf(period.from)} – ${dateOf(period.to)}` : dateOf(period.from);
  const number = new Intl.NumberFormat(LOCALES[lang]);
  const money = (amount: number) => formatPrice(amount, venue.currency, lang);
  const now: SalesTotals = dashboard.totals;
  const before: SalesTotals = dashboard.previous_totals;
  const beside = (value: string, previous: string) => words.beside(value, previous);
  const capacity = dashboard.occupancy.reduce((sum, cell) => sum + cell.capacity, 0);
  const sold = dashboard.occupancy.reduce((sum, cell) => sum + cell.sold, 0);
  const percent = new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 });
  const best = dashboard.products.slice(0, BEST_SELLERS);
  const facts: StaffMail['facts'] = [
    [words.sales, beside(money(now.amount), money(before.amount))],
    [words.orders, beside(number.format(now.orders), number.format(before.orders))],
    [words.tickets, beside(number.format(now.tickets), number.format(before.tickets))],
    [words.discount, beside(money(now.discount), money(before.discount))],
    [
      words.refunds,
      beside(
        now.refunds > 0 ? `${number.format(now.refunds)} · ${money(-now.refunded_amount)}` : number.format(0),
        number.format(before.refunds),
      ),
    ],
    [words.dateChanges, beside(number.format(now.date_changes), number.format(before.date_changes))],
  ];
  if (capacity > 0)
    facts.push([words.occupancy, words.places(number.format(sold), number.format(capacity), percent.format(sold / capacity))]);
  facts.push([
    words.bestSellers,
    best.length === 0 ? words.nothingSold : best.map((row) => `${row.label} ${money(row.amount)}`).join(' / '),
  ]);
  const base = input.mailer.publicUrl().replace(/\/$/, '');
  return {
    kind: 'staff_report',
    to: person.email,
    from: input.mailer.from(),
    lang,
    siteId: venue.id,
    subject: words.subject(venueName, periodText, weekly),
    paragraphs: [words.greeting(person.name), words.intro(venueName, periodText, weekly, venue.timeZone)],
    facts,
    link: {
      url: `${base}/console/venues/${encodeURIComponent(venue.code)}/reports?from=${period.from}&to=${period.to}`,
      label: words.open,
    },
    footer: words.footer(`${base}/console/account/report-mails`),
  };
}
