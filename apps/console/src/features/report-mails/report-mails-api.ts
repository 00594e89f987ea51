/** The caller's own summary mails (`/console/api/v1/account/report-mails`): read, and replaced as a whole. */
import type { ReportMails, ReportMailsBody } from '@storefront/domain/console/reports';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const reportMailsKeys = {
  all: ['account', 'report-mails'] as const,
  inLanguage: (lang: string) => [...reportMailsKeys.all, lang] as const,
};

/** Venue names in `lang`, the console's language. */
export const reportMailsQuery = (lang: string) =>
  queryOptions({
    queryKey: reportMailsKeys.inLanguage(lang),
    queryFn: () => api.get<ReportMails>('account/report-mails', { lang }),
  });

/** Replaces the caller's summary mails as a whole; the answer is what is stored now. */
export function useSaveReportMails(lang: string, reactions: MutationReactions<ReportMails, ReportMailsBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: ReportMailsBody) => api.put<ReportMails>(`account/report-mails?lang=${encodeURIComponent(lang)}`, body),
    onSuccess: (...done) => {
      queryClient.setQueryData(reportMailsQuery(lang).queryKey, done[0]);
      return reactions.onSuccess?.(...done);
    },
  });
}
