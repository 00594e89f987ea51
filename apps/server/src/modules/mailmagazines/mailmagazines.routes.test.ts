import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buyTickets } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type ErrorBody = { error: string; field?: string };

describeEachEngine('mail magazine release API', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(() => {
    api = apiFor(test.app, 'demo');
  });

  async function unsubscribeToken(email: string): Promise<string> {
    const [mail] = await rows<{ text_body: string; html_body: string }>(
      ctx.db,
      sql`select text_body, html_body from outbox where to_address = ${email} and kind = 'order_confirmation'`,
    );
    const match = mail?.text_body.match(/\/demo\/\?lang=en#\/mail-release\/([\w-]+)/);
    expect(match, 'the confirmation mail carries the unsubscribe link').toBeTruthy();
    expect(mail?.html_body).toContain(`/demo/?lang=en#/mail-release/${match?.[1]}`);
    return match?.[1] as string;
  }

  it('puts the unsubscribe link in the mail of a consenting visitor, and releases the magazine once', async () => {
    await buyTickets(api, ctx.db, { quantity: 1, email: 'reader@example.com' });
    const token = await unsubscribeToken('reader@example.com');
    const status = await api.get<{ fields: { field_name: string; is_subscribed: boolean }[] }>(`mailmagazines/${token}`);
    expect(status.body.fields).toEqual([{ field_name: 'mail_magazine', is_subscribed: true }]);
    const released = await api.put(`mailmagazines/${token}`, { field_name: 'mail_magazine' });
    expect(released.status).toBe(204);
    const again = await api.put<ErrorBody>(`mailmagazines/${token}`, { field_name: 'mail_magazine' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('mail magazine already unsubscribed');
    expect(
      (await api.get<{ fields: { is_subscribed: boolean }[] }>(`mailmagazines/${token}`)).body.fields[0]?.is_subscribed,
    ).toBe(false);
  });

  it('leaves the link out for a visitor who did not consent', async () => {
    await buyTickets(api, ctx.db, { quantity: 1, email: 'quiet@example.com', mailMagazine: false });
    const [mail] = await rows<{ text_body: string }>(
      ctx.db,
      sql`select text_body from outbox where to_address = 'quiet@example.com' and kind = 'order_confirmation'`,
    );
    expect(mail?.text_body).not.toContain('mail-release');
  });

  it('answers record not found for an unknown token or field, and 400 for a bad one', async () => {
    await buyTickets(api, ctx.db, { quantity: 1, email: 'fields@example.com' });
    const token = await unsubscribeToken('fields@example.com');
    const unknown = await api.get<ErrorBody>('mailmagazines/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('record not found');
    const otherField = await api.put<ErrorBody>(`mailmagazines/${token}`, { field_name: 'mail_magazine_partner' });
    expect(otherField.status).toBe(404);
    const badField = await api.put<ErrorBody>(`mailmagazines/${token}`, { field_name: 'phone' });
    expect(badField.status).toBe(400);
    expect(badField.body.field).toBe('field_name');
    const noBody = await api.put<ErrorBody>(`mailmagazines/${token}`, {});
    expect(noBody.body.field).toBe('field_name');
  });
});
