/** Mail to staff (invitations, password resets): written in the staff change's transaction, sent after commit. */
import type { Database } from '../../db/client.ts';
import { escapeHtml } from './escape-html.ts';
import { enqueueMail } from './outbox.repository.ts';

export type StaffMail = {
  kind: 'staff_invitation' | 'staff_password_reset';
  to: string;
  from: string;
  lang: string;
  subject: string;
  /** Paragraphs of plain text; `link` goes after them as a button. */
  paragraphs: string[];
  link: { url: string; label: string };
};

export async function enqueueStaffMail(db: Database, mail: StaffMail): Promise<void> {
  const text = [...mail.paragraphs, `${mail.link.label}: ${mail.link.url}`].join('\n\n');
  const html = `<!doctype html><html lang="${escapeHtml(mail.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #1a1a1a">
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(mail.link.url)}" style="display: inline-block; padding: 10px 18px; background: #1f4e79; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(mail.link.label)}</a></p>
<p style="font-size: 13px; color: #555">${escapeHtml(mail.link.url)}</p>
</body></html>`;
  await enqueueMail(db, {
    siteId: null,
    kind: mail.kind,
    toAddress: mail.to,
    fromAddress: mail.from,
    lang: mail.lang,
    subject: mail.subject,
    textBody: text,
    htmlBody: html,
  });
}
