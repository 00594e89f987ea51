/** The caller's own summary mails (`/console/api/v1/account/report-mails`): read, and replaced as a whole. */
import type { ReportMails, ReportMailsBody } from '@storefront/domain/console/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export const REPORT_MAILS_KEY = ['account', 'report-mails'] as const;

export const reportMailsQuery = queryOptions({
  queryKey: REPORT_MAILS_KEY,
  queryFn: () => api.get<ReportMails>('account/report-mails'),
});

export const saveReportMails = (body: ReportMailsBody) => api.put<ReportMails>('account/report-mails', body);
