import { ErrorBody } from '@storefront/domain/api/common';
import { GoogleWalletSaveLink } from '@storefront/domain/api/google-wallet';
import { ReservationTokenParams } from '@storefront/domain/api/tickets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { specError } from '../../http/errors.ts';
import type { GoogleWalletService } from './google-wallet.service.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['tickets'];

/**
 * `GET tickets/{token}/wallet/google` under `/<site>/api/v1`: the "Add to Google Wallet" link of
 * the admissions the reservation token's page shows (decision 028), and `…/wallet/google/save`,
 * which redirects to it. Not found where the venue does not offer passes or no admission still
 * stands.
 */
export const googleWalletRoutes =
  (googleWallet: GoogleWalletService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/tickets/:token/wallet/google',
      { schema: { tags, params: ReservationTokenParams, response: { 200: GoogleWalletSaveLink, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const url = await googleWallet.saveUrl(req.site, req.params.token);
        if (!url) throw specError('not found', { message: 'this ticket has no Google Wallet pass' });
        return { url };
      },
    );
    // The same link for a mail's "Add to Google Wallet": a mail client cannot ask for the link and
    // follow it as the ticket page does, so the server goes there with a redirect.
    app.get(
      '/tickets/:token/wallet/google/save',
      { schema: { tags, params: ReservationTokenParams, response: errors } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const url = await googleWallet.saveUrl(req.site, req.params.token);
        if (!url) throw specError('not found', { message: 'this ticket has no Google Wallet pass' });
        return reply.redirect(url, 302);
      },
    );
  };
