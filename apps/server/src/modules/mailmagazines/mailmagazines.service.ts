/**
 * Mail-magazine release (SPEC §7 `mailmagazines`): the unsubscribe link of a marketing mail carries
 * a token (stored hashed) that names the site and the address; each mail-magazine field of SPEC §3
 * is released on its own.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { mailMagazineSubscriptions, mailMagazineTokens } from './mailmagazines.schema.ts';

/** Whether a sign-in field is one of the mail-magazine fields (mail_magazine, mail_magazine_<operator>). */
function isMailMagazineField(fieldName: string): boolean {
  return /^mail_magazine(_\w+)?$/.test(fieldName);
}

/**
 * Records the address's consent to each mail-magazine field answered `true` and returns the token
 * for the unsubscribe link of this mail; null when the visitor consented to none.
 */
export async function subscribeFromOrder(
  db: Database,
  siteId: number,
  email: string,
  fields: Record<string, string>,
): Promise<string | null> {
  const consented = Object.entries(fields)
    .filter(([name, value]) => isMailMagazineField(name) && value === 'true')
    .map(([name]) => name);
  if (consented.length === 0) return null;
  const address = email.trim().toLowerCase();
  for (const fieldName of consented) {
    await db
      .insert(mailMagazineSubscriptions)
      .values({ siteId, email: address, fieldName, isSubscribed: true })
      .onConflictDoUpdate({
        target: [mailMagazineSubscriptions.siteId, mailMagazineSubscriptions.email, mailMagazineSubscriptions.fieldName],
        set: { isSubscribed: true, changedAt: sql`app_now()` },
      });
  }
  const token = newToken();
  await db.insert(mailMagazineTokens).values({ tokenHash: hashToken(token), siteId, email: address });
  return token;
}

export function createMailMagazinesService(db: Database) {
  async function recipient(site: Site, token: string) {
    const [row] = await db
      .select()
      .from(mailMagazineTokens)
      .where(and(eq(mailMagazineTokens.tokenHash, hashToken(token)), eq(mailMagazineTokens.siteId, site.id)));
    if (!row) throw specError('record not found', { message: 'this unsubscribe link is not valid' });
    return row;
  }
  return {
    async status(site: Site, token: string) {
      const { email } = await recipient(site, token);
      const fields = await db
        .select({ field_name: mailMagazineSubscriptions.fieldName, is_subscribed: mailMagazineSubscriptions.isSubscribed })
        .from(mailMagazineSubscriptions)
        .where(and(eq(mailMagazineSubscriptions.siteId, site.id), eq(mailMagazineSubscriptions.email, email)))
        .orderBy(mailMagazineSubscriptions.fieldName);
      return { fields };
    },

    async release(site: Site, token: string, fieldName: string): Promise<void> {
      const { email } = await recipient(site, token);
      const key = and(
        eq(mailMagazineSubscriptions.siteId, site.id),
        eq(mailMagazineSubscriptions.email, email),
        eq(mailMagazineSubscriptions.fieldName, fieldName),
      );
      const released = await db
        .update(mailMagazineSubscriptions)
        .set({ isSubscribed: false, changedAt: sql`app_now()` })
        .where(and(key, eq(mailMagazineSubscriptions.isSubscribed, true)))
        .returning({ fieldName: mailMagazineSubscriptions.fieldName });
      if (released.length > 0) return;
      const [existing] = await db.select().from(mailMagazineSubscriptions).where(key);
      if (!existing) throw specError('record not found', { message: `${fieldName} is not a subscription of this address` });
      throw specError('mail magazine already unsubscribed');
    },
  };
}

export type MailMagazinesService = ReturnType<typeof createMailMagazinesService>;
