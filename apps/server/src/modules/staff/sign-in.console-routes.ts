/**
 * Signing in and out, the session, invitations and password resets, under `/console/api/v1`.
 * Every sign-in step answers with the session (`ConsoleSession`) and sets the cookie.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import {
  ConsoleSession,
  PasskeyOptionsAnswer,
  PasskeySignInBody,
  PasswordSignInBody,
  RecoveryCodeBody,
  TotpBody,
} from '@storefront/domain/console/auth';
import {
  AcceptInvitationBody,
  CompletePasswordResetBody,
  InvitationInfo,
  LinkToken,
  PasswordResetRequestBody,
} from '@storefront/domain/console/staff';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { authOf } from './console-request.ts';
import { describeSession } from './describe-session.ts';
import { endSession } from './own-account.ts';
import {
  completePasskeySignIn,
  limitSignInsFrom,
  type SignedIn,
  signInFailed,
  signInWithPassword,
  signInWithRecoveryCode,
  signInWithTotp,
} from './sign-in.ts';
import { clientOf, type StaffContext } from './staff-context.ts';
import { acceptInvitation, completePasswordReset, invitationInfo, requestPasswordReset } from './staff-links.ts';
import { startPasskeySignIn, verifyPasskeySignIn } from './staff-passkeys.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['console: sign-in'];
const secondStep = { console: { stages: ['second_factor' as const] } };

export const signInConsoleRoutes =
  (ctx: StaffContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    async function answer(reply: FastifyReply, signedIn: SignedIn) {
      reply.setConsoleSession(signedIn.token);
      return describeSession(db, await ctx.sites.list(), signedIn.account, signedIn.session);
    }

    app.post(
      '/sign-in/password',
      {
        config: { console: { public: true } },
        schema: { tags, body: PasswordSignInBody, response: { 200: ConsoleSession, ...errors } },
      },
      async (request, reply) => {
        const signedIn = await signInWithPassword(db, request.body, clientOf(request));
        // Signing in again from a browser that had a session ends the old one.
        if (request.consoleAuth)
          await endSession(db, request.consoleAuth.actor, request.consoleAuth.account.id, request.consoleAuth.session.id);
        return answer(reply, signedIn);
      },
    );
    app.post(
      '/sign-in/totp',
      { config: secondStep, schema: { tags, body: TotpBody, response: { 200: ConsoleSession, ...errors } } },
      async (request, reply) => answer(reply, await signInWithTotp(db, authOf(request), request.body.code, clientOf(request))),
    );
    app.post(
      '/sign-in/recovery-code',
      { config: secondStep, schema: { tags, body: RecoveryCodeBody, response: { 200: ConsoleSession, ...errors } } },
      async (request, reply) =>
        answer(reply, await signInWithRecoveryCode(db, authOf(request), request.body.code, clientOf(request))),
    );
    app.post(
      '/sign-in/passkey/options',
      {
        config: { console: { public: true } },
        schema: { tags, response: { 200: PasskeyOptionsAnswer, ...errors } },
      },
      async (request) => {
        await limitSignInsFrom(db, request.ip);
        const pending = request.consoleAuth?.session.stage === 'second_factor' ? request.consoleAuth.account.id : null;
        return startPasskeySignIn(db, ctx.relyingParty(), pending);
      },
    );
    app.post(
      '/sign-in/passkey',
      {
        config: { console: { public: true } },
        schema: { tags, body: PasskeySignInBody, response: { 200: ConsoleSession, ...errors } },
      },
      async (request, reply) => {
        const client = clientOf(request);
        await limitSignInsFrom(db, client.ip);
        const pending = request.consoleAuth?.session.stage === 'second_factor' ? request.consoleAuth : null;
        const body = { challengeId: request.body.challenge_id, response: request.body.response };
        const account = await verifyPasskeySignIn(db, ctx.relyingParty(), body, pending?.account.id ?? null, client);
        if (account?.status !== 'active') throw signInFailed();
        const signedIn = await db.transaction((tx) =>
          completePasskeySignIn(tx as Database, account, pending?.session ?? null, client),
        );
        return answer(reply, signedIn);
      },
    );

    app.get(
      '/session',
      {
        config: { console: { stages: ['second_factor', 'enrolment', 'signed_in'] } },
        schema: { tags, response: { 200: ConsoleSession, ...errors } },
      },
      async (request) => {
        const auth = authOf(request);
        return describeSession(db, await ctx.sites.list(), auth.account, auth.session, auth.access);
      },
    );
    app.delete(
      '/session',
      { config: { console: { public: true } }, schema: { tags, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const auth = request.consoleAuth;
        if (auth) await endSession(db, auth.actor, auth.account.id, auth.session.id);
        reply.setConsoleSession(null);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/invitations/:token',
      {
        config: { console: { public: true } },
        schema: { tags, params: z.object({ token: LinkToken }), response: { 200: InvitationInfo, ...errors } },
      },
      async (request) => invitationInfo(db, request.params.token, clientOf(request)) as Promise<z.infer<typeof InvitationInfo>>,
    );
    app.post(
      '/invitations/accept',
      {
        config: { console: { public: true } },
        schema: { tags, body: AcceptInvitationBody, response: { 200: ConsoleSession, ...errors } },
      },
      async (request, reply) =>
        answer(reply, await acceptInvitation(db, request.body.token, request.body.password, clientOf(request))),
    );
    app.post(
      '/password-resets',
      {
        config: { console: { public: true } },
        schema: { tags, body: PasswordResetRequestBody, response: { 202: z.object({}), ...errors } },
      },
      async (request, reply) => {
        await requestPasswordReset(db, ctx.mailer, request.body.email, clientOf(request));
        return reply.code(202).send({});
      },
    );
    app.post(
      '/password-resets/complete',
      {
        config: { console: { public: true } },
        schema: { tags, body: CompletePasswordResetBody, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await completePasswordReset(db, request.body.token, request.body.password, clientOf(request));
        return reply.code(204).send(null);
      },
    );
  };
