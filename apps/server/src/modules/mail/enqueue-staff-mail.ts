/**
 * Mail to staff (invitations, password resets, summary mails): written in the transaction of the
 * change that causes it, sent after commit.
 */
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { StaffMail } from '../staff/staff-mail.ts';
import { enqueueMail } from './outbox.repository.ts';

export type { StaffMail };

export async function enqueueStaffMail(db: Database, mail: StaffMail): Promise<void> {
  const facts = mail.facts ?? [];
  const text = [
    ...mail.paragraphs,
    ...(facts.length > 0 ? [facts.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    `${mail.link.label}: ${mail.link.url}`,
    ...(mail.footer ? [mail.footer] : []),
  ].join('\n\n');
  const table =
    facts.length === 0
      ? ''
      : `<table style="border-collapse: collapse; margin: 8px 0 16px">
${facts.map(([label, value]) => `<tr><th scope="row" style="text-align: left; font-weight: normal; padding: 4px 16px 4px 0; color: #444">${escapeHtml(label)}</th><td style="padding: 4px 0; font-weight: bold">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>`;
  const html = `<!doctype html><html lang="${escapeHtml(mail.lang === 'kr' ? 'ko' : mail.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #1a1a1a">
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${table}
<p><a href="${escapeHtml(mail.link.url)}" style="display: inline-block; padding: 10px 18px; background: #1f4e79; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(mail.link.label)}</a></p>
<p style="font-size: 13px; color: #555">${escapeHtml(mail.link.url)}</p>
${mail.footer ? `<p style="font-size: 13px; color: #555">${escapeHtml(mail.footer)}</p>` : ''}
</body></html>`;
  await enqueueMail(db, {
    siteId: mail.siteId ?? null,
    kind: mail.kind,
    toAddress: mail.to,
    fromAddress: mail.from,
    lang: mail.lang,
    subject: mail.subject,
    textBody: text,
    htmlBody: html,
  });
}
