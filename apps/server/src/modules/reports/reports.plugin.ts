import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { repeatRounds } from '../../lib/rounds.ts';
import { dashboardConsoleRoutes } from './dashboard.console-routes.ts';
import { REPORT_SUMMARY_MS, summariseClosedDays } from './dashboard-days.ts';
import { dashboardTableRows } from './dashboard-tables.ts';
import { journalConsoleRoutes } from './journal.console-routes.ts';
import { dashboardExportConsoleRoutes } from './report-export.console-routes.ts';
import { REPORT_MAIL_CHECK_MS, sendDueReportMails } from './report-mail-sender.ts';
import { reportMailsConsoleRoutes } from './report-mails.console-routes.ts';

/**
 * The figures: the dashboard, the sales journal, their exports and the summary mails. Every
 * process summarises closed days now and then (decision 023) and looks for summary mails due; a
 * day's marker and a subscription's period, taken in the writing transaction, keep two processes
 * from both doing one.
 */
export const reportsPlugin = fp<AppOptions>(
  async (app, options) => {
    const { db } = options;
    repeatRounds(app, {
      work: async () => summariseClosedDays(db, await app.sites.list()),
      everyMs: options.reportSummaryMs ?? REPORT_SUMMARY_MS,
      failure: 'the dashboard could not summarise closed days',
    });
    repeatRounds(app, {
      work: () =>
        sendDueReportMails(db, { sites: () => app.sites.list(), mailer: app.staffMailer, onMailQueued: app.mailQueued }),
      everyMs: options.reportMailMs ?? REPORT_MAIL_CHECK_MS,
      failure: 'the summary mails could not be written',
    });
    app.consoleApiRoutes.push(
      dashboardConsoleRoutes({ db, sites: app.sites }),
      reportMailsConsoleRoutes({ db, sites: app.sites }),
      journalConsoleRoutes(db),
      dashboardExportConsoleRoutes({ db, tableRows: dashboardTableRows(db) }),
    );
  },
  { name: 'reports', dependencies: ['sites', 'mail', 'staff'] },
);
