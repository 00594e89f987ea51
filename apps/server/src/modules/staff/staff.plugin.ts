import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import { accountConsoleRoutes } from './account.console-routes.ts';
import { gateDeviceConsoleRoutes } from './gate-devices.console-routes.ts';
import { signInConsoleRoutes } from './sign-in.console-routes.ts';
import { staffConsoleRoutes } from './staff.console-routes.ts';
import type { StaffContext } from './staff-context.ts';
import type { StaffMailer } from './staff-links.ts';
import { relyingPartyOf } from './staff-passkeys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Port: writes a staff mail to the outbox in the caller's transaction (filled by mail). */
    enqueueStaffMail: StaffMailer['enqueue'];
    /** How staff mails are addressed and written, for the modules that mail staff (the summary mails). */
    staffMailer: StaffMailer;
  }
}

/** The console's staff: signing in, their accounts, staff and teams, the gate devices. */
export const staffPlugin = fp<AppOptions>(
  async (app, options) => {
    const publicUrl = publicUrlOf(options);
    const mailer: StaffMailer = {
      publicUrl,
      from: () => options.config.staffMailFrom ?? `Storefront <no-reply@${new URL(publicUrl()).hostname}>`,
      enqueue: app.enqueueStaffMail,
    };
    app.decorate('staffMailer', mailer);
    const context: StaffContext = {
      db: options.db,
      sites: app.sites,
      mailer,
      relyingParty: () => relyingPartyOf(publicUrl()),
    };
    app.consoleApiRoutes.push(
      signInConsoleRoutes(context),
      accountConsoleRoutes(context),
      staffConsoleRoutes(context),
      gateDeviceConsoleRoutes({ db: options.db, sites: app.sites }),
    );
  },
  { name: 'staff', dependencies: ['sites', 'mail'] },
);
