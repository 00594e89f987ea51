/**
 * The development mail viewer: what the outbox holds, readable in a browser. The caller registers
 * these routes only when APP_MODE is not `production` — they show every visitor's mail to anyone.
 */
import { formatDateTime } from '@storefront/domain/format';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { escapeHtml as e } from '../../lib/escape-html.ts';
import { findLatestMailTo, getMail, isMailId, listMail, type OutboxMail } from './outbox.repository.ts';

const LIST_LIMIT = 100;

/** Stored mail is shown on the shop's own origin, so nothing in it may run or submit. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE_STYLE = `
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1f2328; background: #fff; }
main { padding: 16px 24px; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; padding: 0 0 8px; color: #4b5563; }
th, td { text-align: left; padding: 6px 12px 6px 0; border-bottom: 1px solid #d0d7de; vertical-align: top; }
a { color: #0b57d0; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

const time = (value: Date) => `<time datetime="${e(value.toISOString())}">${e(formatDateTime(value, 'en'))}</time>`;

/** The mail's own HTML with a bar on top saying where it went and how it fared. */
function mailPage(mail: OutboxMail, listUrl: string): string {
  const bar = `<header lang="en" style="font:14px/1.5 system-ui,sans-serif;background:#1f2328;color:#ffffff;padding:8px 16px;">
<p style="margin:0 0 4px;"><a href="${e(listUrl)}" style="color:#ffffff;">← All mail</a> · Development mail viewer</p>
<p style="margin:0;">To: <strong>${e(mail.toAddress)}</strong> · Subject: <strong>${e(mail.subject)}</strong> · Status: <strong>${e(mail.status)}</strong>${mail.lastError ? ` · Last error: ${e(mail.lastError)}` : ''}</p>
</header>`;
  const html = mail.htmlBody;
  const body = /<body[^>]*>/i;
  return body.test(html) ? html.replace(body, (tag) => `${tag}\n${bar}`) : `${bar}\n${html}`;
}

function messagePage(heading: string, message: string, listUrl: string): string {
  return page(heading, `<h1>${e(heading)}</h1>\n<p>${e(message)}</p>\n<p><a href="${e(listUrl)}">All mail</a></p>`);
}

export const mailViewerRoutes =
  (db: Database): FastifyPluginAsync =>
  async (app) => {
    const listUrl = `${app.prefix}/dev/mail`;

    app.get('/dev/mail', async (_request, reply) => {
      const mails = await listMail(db, { limit: LIST_LIMIT });
      const rows = mails
        .map(
          (mail) => `<tr>
<td>${time(mail.createdAt)}</td>
<td>${mail.siteId ?? 'staff'}</td>
<td>${e(mail.toAddress)}</td>
<td><a href="${e(`${listUrl}/${mail.id}`)}">${e(mail.subject || '(no subject)')}</a></td>
<td>${e(mail.status)}</td>
</tr>`,
        )
        .join('\n');
      const table = mails.length
        ? `<table>
<caption>The newest ${LIST_LIMIT} mails, newest first</caption>
<thead><tr><th scope="col">Time (Asia/Tokyo)</th><th scope="col">Site</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
        : '<p>No mail yet.</p>';
      const intro =
        '<p>Mail the shop has written, kept here when no SMTP server is configured. This page is not served in production.</p>';
      return sendHtml(reply, 200, page('Development mail viewer', `<h1>Development mail viewer</h1>\n${intro}\n${table}`));
    });

    // Registered before `/dev/mail/:id`; the router prefers the static segment anyway.
    app.get('/dev/mail/latest', async (request, reply) => {
      const { to } = request.query as { to?: unknown };
      if (typeof to !== 'string' || to.trim() === '') {
        return sendHtml(
          reply,
          400,
          messagePage('Which mail?', 'Say whose mail to open: /dev/mail/latest?to=<address>.', listUrl),
        );
      }
      const mail = await findLatestMailTo(db, to.trim());
      if (!mail) return sendHtml(reply, 404, messagePage('Mail not found', `There is no mail to ${to}.`, listUrl));
      return reply.header('cache-control', 'no-store').redirect(`${listUrl}/${mail.id}`, 302);
    });

    app.get('/dev/mail/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const mail = isMailId(id) ? await getMail(db, id) : null;
      if (!mail) return sendHtml(reply, 404, messagePage('Mail not found', `There is no mail ${id}.`, listUrl));
      return sendHtml(reply, 200, mailPage(mail, listUrl));
    });
  };
