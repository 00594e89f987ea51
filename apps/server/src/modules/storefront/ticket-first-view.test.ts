import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buyTickets } from '../../../test/tickets.ts';

type ErrorBody = { error: string; field?: string };
type FirstView = {
  ticket: { reservationNumber: string; admissions: { id: string; qr: string }[]; product: { name: string } };
  html: string;
};

/** A hostile product name: it tries to end the markup it is written into. */
const HOSTILE = '</p><img src=x onerror=alert(1)><script>alert(2)</script>';

describeEachEngine('ticket first view', (ctx) => {
  const test = useTestApp(ctx);
  let app: FastifyInstance;
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    app = test.app;
    api = apiFor(app, 'demo');
    // Before any request reads the venue's texts.
    await ctx.db.execute(
      sql`update texts set value = ${HOSTILE}
          where site_id = (select id from sites where variant = 'demo') and lang = 'ja' and key = 'ticket_show_at_entrance'`,
    );
  });

  it('answers the ticket as tickets/{token} does, and the ticket screen as HTML with one QR drawing per admission', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const response = await app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${bought.reservationToken}/first-view?lang=en`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const first = response.json() as FirstView;
    const plain = await app.inject({ method: 'GET', url: `/demo/api/v1/tickets/${bought.reservationToken}?lang=en` });
    expect(first.ticket).toEqual(plain.json());

    const { html } = first;
    expect(html).toMatch(/^<div class="route-view route-view-still"><section class="page ticket-page" data-display="separate">/);
    expect(html).toContain(`<dd class="ticket-number">${bought.reservationNumber}</dd>`);
    expect(html).toContain('>2 tickets<');
    // Each admission's own code, drawn as the storefront draws it, and the link to its pass.
    for (const admission of first.ticket.admissions) {
      const drawing = new RegExp(`data-qr="${admission.qr.replaceAll('.', '\\.')}"><svg [^>]*>[\\s\\S]*?</svg>\\s*</div>`);
      expect(html).toMatch(drawing);
      expect(html).toContain(`href="#/id/${bought.reservationToken}/${admission.id}/gate"`);
    }
    expect(html).toContain(`href="#/id/${bought.reservationToken}/receipt"`);
    // Nothing the page's policy would refuse: no inline style or script.
    expect(html).not.toMatch(/\sstyle=|<script|\son\w+=/i);
  });

  it('writes a venue text as text, in the language asked for', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const response = await app.inject({
      method: 'GET',
      url: `/demo/api/v1/tickets/${bought.reservationToken}/first-view?lang=ja`,
    });
    expect(response.statusCode).toBe(200);
    const { html } = response.json() as FirstView;
    expect(html).toContain(
      '<p class="ticket-qr-hint">&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p>',
    );
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('<h1 class="ticket-header-title">チケット</h1>');
  });

  it('answers an unknown token 404, a malformed one and an unknown language 400, like tickets/{token}', async () => {
    const unknown = await api.get<ErrorBody>('tickets/AAAAAAAAAAAAAAAAAAAAAA/first-view');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ticket not found');
    const malformed = await api.get<ErrorBody>(`tickets/${encodeURIComponent('x\u0000y')}/first-view`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('token');
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const language = await api.get<ErrorBody>(`tickets/${bought.reservationToken}/first-view?lang=xx`);
    expect(language.status).toBe(400);
    expect(language.body.field).toBe('lang');
  });
});
