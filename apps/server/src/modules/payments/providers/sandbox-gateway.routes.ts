/**
 * The sandbox gateway's hosted pages, standing in for a card issuer's 3-D Secure challenge, a
 * wallet's approval page and a mobile carrier's login. Not served in production mode.
 */

import { createHash } from 'node:crypto';
import { InputText } from '@storefront/domain/api/common';
import { CardInput } from '@storefront/domain/api/orders';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { baseDirectives, widen } from '../../../http/security-headers.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';

const Params = z.object({
  kind: z.enum(['challenge', 'wallet', 'carrier']),
  reference: InputText.regex(/^[\w-]{4,80}$/),
});
const Answer = z.object({ action: z.enum(['pass', 'fail', 'approve', 'cancel', 'allow']) });

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111}main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}p.note{color:#444;font-size:.9rem}form{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.8rem 1rem;border-radius:8px;border:1px solid #555;background:#fff;color:#111;cursor:pointer}button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

/** The hosted pages' policy: the shop's, with their one style element allowed by its hash. */
const PAGE_POLICY = widen(baseDirectives({ isProduction: false }), {
  'style-src': [`'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`],
});

function page(title: string, body: string, buttons: [action: string, label: string, primary: boolean][]): string {
  const form = buttons
    .map(
      ([action, label, primary]) =>
        `<button name="action" value="${action}" class="${primary ? 'primary' : ''}">${escapeHtml(label)}</button>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Sandbox gateway</title>
<style>${PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<form method="post">${form}</form>
<p class="note">Sandbox gateway: no money moves.</p></main></body></html>`;
}

const CARD_TOKEN_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  window.SandboxGateway = {
    async createToken(card) {
      const response = await fetch(origin + '/sandbox-gateway/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(card),
      });
      const body = await response.json();
      if (!response.ok) throw Object.assign(new Error(body.message || 'the card was refused'), body);
      return body;
    },
  };
})();
`;

export const sandboxGatewayRoutes =
  (gateway: SandboxGateway): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const amountText = (amount: number, currency: string) =>
      new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

    // The card-token script: the page hands it the card, the gateway answers a one-time token,
    // and only the token goes to the shop's checkout.
    app.get('/sandbox-gateway/card-token.js', async (_req, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(CARD_TOKEN_SCRIPT),
    );

    app.post('/sandbox-gateway/tokens', async (req, reply) => {
      const card = CardInput.safeParse(req.body);
      if (!card.success) {
        const field = card.error.issues[0]?.path.join('.') || 'card';
        return reply.code(400).send({ error: 'invalid request', can_retry: true, field, message: `${field} is not valid` });
      }
      const result = await gateway.tokenizeCard(card.data);
      if ('reason' in result) return reply.code(402).send({ error: 'card refused', can_retry: true, message: result.reason });
      return reply.code(201).send(result);
    });

    app.get('/sandbox-gateway/:kind/:reference', async (req, reply) => {
      const params = Params.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: 'record not found', can_retry: false });
      const { kind, reference } = params.data;
      const html = (title: string, body: string, buttons: Parameters<typeof page>[2]) => {
        reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: PAGE_POLICY } });
        return reply.header('content-type', 'text/html; charset=utf-8').send(page(title, body, buttons));
      };
      if (kind === 'carrier') {
        return html('d払い login', '<p>Log in to the mobile carrier and allow the shop to charge your phone bill.</p>', [
          ['allow', 'Log in and allow', true],
        ]);
      }
      const charge = await gateway.charge(reference);
      if (!charge) return reply.code(404).send({ error: 'record not found', can_retry: false });
      const amount = `<p>Amount: <strong>${escapeHtml(amountText(charge.amount, charge.currency))}</strong></p>`;
      if (kind === 'challenge')
        return html('3-D Secure authentication', `${amount}<p>Your card issuer asks you to confirm this payment.</p>`, [
          ['pass', 'Authenticate', true],
          ['fail', 'Fail authentication', false],
        ]);
      return html('Approve payment', `${amount}<p>Approve this payment in your wallet.</p>`, [
        ['approve', 'Approve payment', true],
        ['cancel', 'Cancel', false],
      ]);
    });

    app.post('/sandbox-gateway/:kind/:reference', async (req, reply) => {
      const params = Params.safeParse(req.params);
      if (!params.success) return reply.code(404).send({ error: 'record not found', can_retry: false });
      const answer = Answer.safeParse(req.body);
      if (!answer.success)
        return reply
          .code(400)
          .send({ error: 'invalid request', can_retry: false, field: 'action', message: 'action is not valid' });
      const next =
        params.data.kind === 'carrier'
          ? await gateway.allowCarrierLogin(params.data.reference)
          : answer.data.action === 'allow'
            ? null
            : await gateway.answer(params.data.reference, answer.data.action);
      if (!next) return reply.code(404).send({ error: 'record not found', can_retry: false });
      return reply.redirect(next, 303);
    });
  };
