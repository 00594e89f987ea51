import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/database.ts';
import { axeViolations, firstSiteId, sampleMail, sampleOrder } from '../../../test/mail.ts';
import { mailViewerRoutes } from './mail.routes.ts';
import { outbox } from './mail.schema.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';
import { enqueueMail, markStored } from './outbox.repository.ts';

describeEachEngine(
  'development mail viewer',
  (ctx) => {
    let app: FastifyInstance;
    let siteId: number;
    beforeAll(async () => {
      siteId = await firstSiteId(ctx.db);
      app = Fastify();
      await app.register(mailViewerRoutes(ctx.db));
    });
    afterAll(async () => {
      await app.close();
    });
    beforeEach(async () => {
      await ctx.db.delete(outbox);
    });

    const get = (url: string) => app.inject({ method: 'GET', url });

    async function enqueueConfirmation(toAddress: string, productName = sampleOrder.productName) {
      const rendered = renderOrderConfirmation({ ...sampleOrder, productName }, 'ja');
      return enqueueMail(
        ctx.db,
        sampleMail(siteId, {
          toAddress,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
          lang: 'ja',
        }),
      );
    }

    it('lists the newest mail with its subject, address and status, each linking to it', async () => {
      const mail = await enqueueConfirmation('visitor@example.com');
      await markStored(ctx.db, [mail.id]);
      const response = await get('/dev/mail');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<html lang="en">');
      expect(response.body).toContain(mail.subject);
      expect(response.body).toContain('visitor@example.com');
      expect(response.body).toContain('>stored<');
      expect(response.body).toContain(`href="/dev/mail/${mail.id}"`);
      expect(await axeViolations(response.body)).toEqual([]);
    });

    it('says so when there is no mail yet', async () => {
      const response = await get('/dev/mail');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('No mail yet.');
      expect(await axeViolations(response.body)).toEqual([]);
    });

    it('escapes what it lists', async () => {
      await enqueueMail(ctx.db, sampleMail(siteId, { subject: '<script>alert(1)</script>', toAddress: '"x"<b>@example.com' }));
      const response = await get('/dev/mail');
      expect(response.body).not.toContain('<script>');
      expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(response.body).not.toContain('<b>');
    });

    it('shows a mail as its own HTML page under a bar saying where it went', async () => {
      const mail = await enqueueConfirmation('visitor@example.com', '<script>alert(1)</script>');
      const response = await get(`/dev/mail/${mail.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.body).toContain('<html lang="ja">');
      expect(response.body).toContain('To: <strong>visitor@example.com</strong>');
      expect(response.body).toContain('Status: <strong>pending</strong>');
      expect(response.body).toContain('href="/dev/mail"');
      expect(response.body).toContain(`href="${sampleOrder.ticketUrl.replaceAll('&', '&amp;')}"`);
      expect(response.body).not.toContain('<script>');
      expect(response.body.indexOf('<header')).toBeGreaterThan(response.body.indexOf('<body'));
      expect(await axeViolations(response.body)).toEqual([]);
    });

    it('answers 404, never 500, for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%27%20or%20%271%27%3D%271', '%3Cscript%3E']) {
        const response = await get(`/dev/mail/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).not.toContain('<script>');
      }
      expect(await axeViolations((await get('/dev/mail/not-a-uuid')).body)).toEqual([]);
    });

    it('redirects to the newest mail to an address', async () => {
      await enqueueConfirmation('visitor@example.com');
      await new Promise((resolve) => setTimeout(resolve, 3));
      const newest = await enqueueConfirmation('visitor@example.com');
      await enqueueConfirmation('someone-else@example.com');
      const response = await get('/dev/mail/latest?to=visitor%40example.com');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/dev/mail/${newest.id}`);
      const opened = await get(response.headers.location ?? '');
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain(newest.subject);
    });

    it('answers 404 for the latest mail to an address with none, and 400 without an address', async () => {
      expect((await get('/dev/mail/latest?to=nobody%40example.com')).statusCode).toBe(404);
      expect((await get('/dev/mail/latest')).statusCode).toBe(400);
      expect((await get('/dev/mail/latest?to=a%40example.com&to=b%40example.com')).statusCode).toBe(400);
    });
  },
  { seed: { variants: ['demo'], days: 2 } },
);
