/** The caller's own summary mails (`/console/api/v1/account/report-mails`): read, and replaced as a whole. */
import type { ReportMails, ReportMailsBody } from '@storefront/domain/console/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export const reportMailsKeys = {
  all: ['account', 'report-mails'] as const,
  inLanguage: (lang: string) => [...reportMailsKeys.all, lang] as const,
};

/** Venue names in `lang`, the console's language. */
export const reportMailsQuery = (lang: string) =>
  queryOptions({
    queryKey: reportMailsKeys.inLanguage(lang),
    queryFn: () => api.get<ReportMails>('account/report-mails', { lang }),
  });

export const saveReportMails = (body: ReportMailsBody, lang: string) =>
  api.put<ReportMails>(`account/report-mails?lang=${encodeURIComponent(lang)}`, body);
