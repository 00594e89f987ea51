/** A staff member's own account under `/console/api/v1/account`: second factors, password, sessions. */
import { ErrorBody } from '@storefront/domain/api/common';
import {
  AccountSessions,
  ChangePasswordBody,
  ConfirmTotpBody,
  Passkey,
  Passkeys,
  PasswordConfirmationBody,
  RecoveryCodes,
  RegisterPasskeyBody,
  SessionIdParams,
  TotpEnrolment,
} from '@storefront/domain/console/account';
import { PasskeyOptionsAnswer } from '@storefront/domain/console/auth';
import { IdParams } from '@storefront/domain/console/staff';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from './console-request.ts';
import {
  changePassword,
  confirmTotp,
  endSession,
  registerPasskey,
  removePasskey,
  removeTotp,
  renewRecoveryCodes,
  startTotpEnrolment,
} from './own-account.ts';
import type { StaffContext } from './staff-context.ts';
import { passkeyAnswer, passkeysOf, startPasskeyRegistration } from './staff-passkeys.ts';
import { liveSessionsOf } from './staff-sessions.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['console: account'];
/** Enrolling a factor is open to a session waiting to enrol as to a signed-in one. */
const enrolling = { console: { stages: ['enrolment' as const, 'signed_in' as const] } };
const signedIn = { console: { signedIn: true as const } };

export const accountConsoleRoutes =
  (ctx: StaffContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    app.post(
      '/account/totp/enrolment',
      { config: enrolling, schema: { tags, response: { 200: TotpEnrolment, ...errors } } },
      async (request) => startTotpEnrolment(db, authOf(request)),
    );
    app.post(
      '/account/totp',
      { config: enrolling, schema: { tags, body: ConfirmTotpBody, response: { 200: RecoveryCodes, ...errors } } },
      async (request, reply) => {
        const { codes, rotated } = await confirmTotp(db, authOf(request), request.body.code);
        if (rotated) reply.setConsoleSession(rotated.token);
        return { codes };
      },
    );
    app.post(
      '/account/passkeys/options',
      { config: enrolling, schema: { tags, response: { 200: PasskeyOptionsAnswer, ...errors } } },
      async (request) => startPasskeyRegistration(db, ctx.relyingParty(), authOf(request).account),
    );
    app.post(
      '/account/passkeys',
      { config: enrolling, schema: { tags, body: RegisterPasskeyBody, response: { 201: Passkey, ...errors } } },
      async (request, reply) => {
        const { passkey, rotated } = await registerPasskey(db, ctx.relyingParty(), authOf(request), {
          challengeId: request.body.challenge_id,
          name: request.body.name,
          response: request.body.response,
        });
        if (rotated) reply.setConsoleSession(rotated.token);
        return reply.code(201).send(passkeyAnswer(passkey));
      },
    );

    app.get(
      '/account/sessions',
      { config: signedIn, schema: { tags, response: { 200: AccountSessions, ...errors } } },
      async (request) => {
        const auth = authOf(request);
        const sessions = await liveSessionsOf(db, auth.account.id);
        return {
          sessions: sessions.map((session) => ({
            id: session.id,
            created_at: session.createdAt.toISOString(),
            last_seen_at: session.lastSeenAt.toISOString(),
            expires_at: session.expiresAt.toISOString(),
            user_agent: session.userAgent,
            client_ip: session.clientIp,
            is_current: session.id === auth.session.id,
          })),
        };
      },
    );
    app.delete(
      '/account/sessions/:id',
      { config: signedIn, schema: { tags, params: SessionIdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const auth = authOf(request);
        if (!(await endSession(db, auth.actor, auth.account.id, request.params.id))) {
          return reply.code(404).send({ error: 'not found', can_retry: false, message: 'there is no such session of yours' });
        }
        if (request.params.id === auth.session.id) reply.setConsoleSession(null);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/account/password',
      { config: signedIn, schema: { tags, body: ChangePasswordBody, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await changePassword(db, authOf(request), { current: request.body.current_password, next: request.body.new_password });
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/account/totp/remove',
      { config: signedIn, schema: { tags, body: PasswordConfirmationBody, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await removeTotp(db, authOf(request), request.body.password);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/account/recovery-codes',
      { config: signedIn, schema: { tags, body: PasswordConfirmationBody, response: { 200: RecoveryCodes, ...errors } } },
      async (request) => renewRecoveryCodes(db, authOf(request), request.body.password),
    );
    app.get(
      '/account/passkeys',
      { config: signedIn, schema: { tags, response: { 200: Passkeys, ...errors } } },
      async (request) => ({ passkeys: (await passkeysOf(db, authOf(request).account.id)).map(passkeyAnswer) }),
    );
    app.delete(
      '/account/passkeys/:id',
      { config: signedIn, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await removePasskey(db, authOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
