/**
 * Staff and teams under `/console/api/v1`, organisation right `staff:manage`; what a manager who is
 * not an owner may give or change is further limited by their own rights (staff-reach.ts).
 */
import { ErrorBody } from '@storefront/domain/api/common';
import {
  IdParams,
  InviteStaffBody,
  StaffList,
  StaffMember,
  Team,
  TeamBody,
  Teams,
  UpdateStaffBody,
} from '@storefront/domain/console/staff';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from './console-request.ts';
import { inviteStaff, listStaff, resendInvitation, sendPasswordReset, setStaffActive, updateStaff } from './manage-staff.ts';
import type { StaffContext } from './staff-context.ts';
import { createTeam, deleteTeam, listTeams, updateTeam } from './teams.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const manage = { console: { right: 'staff:manage' as const, scope: 'organisation' as const } };

export const staffConsoleRoutes =
  (ctx: StaffContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;
    const tags = ['console: staff'];
    const venueIds = async () => (await ctx.sites.list()).map((site) => site.id);

    app.get('/staff', { config: manage, schema: { tags, response: { 200: StaffList, ...errors } } }, async () => ({
      staff: await listStaff(db),
    }));
    app.post(
      '/staff',
      { config: manage, schema: { tags, body: InviteStaffBody, response: { 201: StaffMember, ...errors } } },
      async (request, reply) => reply.code(201).send(await inviteStaff(db, authOf(request), ctx.mailer, request.body)),
    );
    app.patch(
      '/staff/:id',
      { config: manage, schema: { tags, params: IdParams, body: UpdateStaffBody, response: { 200: StaffMember, ...errors } } },
      async (request) => updateStaff(db, authOf(request), request.params.id, request.body),
    );
    for (const [path, active] of [
      ['deactivate', false],
      ['reactivate', true],
    ] as const) {
      app.post(
        `/staff/:id/${path}`,
        { config: manage, schema: { tags, params: IdParams, response: { 200: StaffMember, ...errors } } },
        async (request) => setStaffActive(db, authOf(request), request.params.id, active),
      );
    }
    app.post(
      '/staff/:id/invitation',
      { config: manage, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await resendInvitation(db, authOf(request), ctx.mailer, request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/staff/:id/password-reset',
      { config: manage, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await sendPasswordReset(db, authOf(request), ctx.mailer, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get('/teams', { config: manage, schema: { tags, response: { 200: Teams, ...errors } } }, async () => ({
      teams: await listTeams(db),
    }));
    app.post(
      '/teams',
      { config: manage, schema: { tags, body: TeamBody, response: { 201: Team, ...errors } } },
      async (request, reply) => reply.code(201).send(await createTeam(db, authOf(request), await venueIds(), request.body)),
    );
    app.put(
      '/teams/:id',
      { config: manage, schema: { tags, params: IdParams, body: TeamBody, response: { 200: Team, ...errors } } },
      async (request) => updateTeam(db, authOf(request), await venueIds(), request.params.id, request.body),
    );
    app.delete(
      '/teams/:id',
      { config: manage, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteTeam(db, authOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
