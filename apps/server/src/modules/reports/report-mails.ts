/**
 * A staff member's own summary mails (issue 18 part 4): read, and replaced as a whole with its
 * audit entry in one transaction. A venue may be named only where the caller reads the figures.
 */
import type { ReportMailFrequency, ReportMails, ReportMailsBody } from '@storefront/domain/console/reports';
import { localize } from '@storefront/domain/localize';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { rightsAt, type StaffAccess, seesVenue } from '../staff/staff-access.ts';
import { reportMailSubscriptions } from './reports.schema.ts';

type Caller = { staffId: number; access: StaffAccess; actor: Actor };

const readable = (sites: readonly Site[], access: StaffAccess) =>
  sites.filter((site) => rightsAt(access, site.id).has('reports:read'));

async function subscriptionsOf(db: Database, staffId: number) {
  return db
    .select({
      siteId: reportMailSubscriptions.siteId,
      frequency: reportMailSubscriptions.frequency,
      lastSentAt: reportMailSubscriptions.lastSentAt,
    })
    .from(reportMailSubscriptions)
    .where(eq(reportMailSubscriptions.staffId, staffId));
}

/** The caller's subscriptions at venues whose figures they still read, and the venues they may choose. */
export async function reportMailsOf(
  db: Database,
  sites: readonly Site[],
  caller: Omit<Caller, 'actor'>,
  lang: string,
): Promise<ReportMails> {
  const venues = readable(sites, caller.access);
  const codeOf = new Map(venues.map((site) => [site.id, site.code]));
  const held = await subscriptionsOf(db, caller.staffId);
  const subscriptions = held.flatMap((row) => {
    const venue = codeOf.get(row.siteId);
    return venue === undefined
      ? []
      : [{ venue, frequency: row.frequency, last_sent_at: row.lastSentAt ? row.lastSentAt.toISOString() : null }];
  });
  subscriptions.sort((a, b) => (a.venue === b.venue ? a.frequency.localeCompare(b.frequency) : a.venue < b.venue ? -1 : 1));
  return {
    subscriptions,
    venues: venues.map((site) => ({ code: site.code, name: localize(site.venue.name, lang) || site.code })),
  };
}

/** Replaces the caller's subscriptions; one kept keeps the period it last mailed, so nothing is sent twice. */
export async function replaceReportMails(
  db: Database,
  sites: readonly Site[],
  caller: Caller,
  body: ReportMailsBody,
  lang: string,
): Promise<ReportMails> {
  const wanted: Array<{ siteId: number; frequency: ReportMailFrequency }> = [];
  body.subscriptions.forEach((subscription, index) => {
    const site = sites.find((s) => s.code === subscription.venue);
    // A venue the caller does not see is as unknown as one that does not exist.
    if (!site || !seesVenue(caller.access, site.id)) {
      throw invalidField(`subscriptions.${index}.venue`, `names an unknown venue "${subscription.venue}"`);
    }
    if (!rightsAt(caller.access, site.id).has('reports:read')) {
      throw specError('forbidden', { message: `this needs the right reports:read at ${site.code}` });
    }
    wanted.push({ siteId: site.id, frequency: subscription.frequency });
  });
  const key = (row: { siteId: number; frequency: string }) => `${row.siteId}|${row.frequency}`;
  await db.transaction(async (tx) => {
    const before = await subscriptionsOf(tx, caller.staffId);
    const kept = new Set(wanted.map(key));
    const had = new Set(before.map(key));
    const gone = before.filter((row) => !kept.has(key(row)));
    const added = wanted.filter((row) => !had.has(key(row)));
    if (gone.length === 0 && added.length === 0) return;
    for (const row of gone) {
      await tx
        .delete(reportMailSubscriptions)
        .where(
          and(
            eq(reportMailSubscriptions.staffId, caller.staffId),
            eq(reportMailSubscriptions.siteId, row.siteId),
            eq(reportMailSubscriptions.frequency, row.frequency),
          ),
        );
    }
    if (added.length > 0) {
      await tx
        .insert(reportMailSubscriptions)
        .values(added.map((row) => ({ staffId: caller.staffId, siteId: row.siteId, frequency: row.frequency })))
        .onConflictDoNothing();
    }
    const codeOf = (siteId: number) => sites.find((site) => site.id === siteId)?.code ?? String(siteId);
    const listed = (list: Array<{ siteId: number; frequency: string }>) =>
      list.map((row) => `${codeOf(row.siteId)} ${row.frequency}`).sort();
    await recordAudit(tx, caller.actor, {
      objectType: 'report_mails',
      objectId: caller.staffId,
      action: 'changed',
      changes: { subscriptions: { before: listed(before), after: listed(wanted) } },
    });
  });
  return reportMailsOf(db, sites, caller, lang);
}
