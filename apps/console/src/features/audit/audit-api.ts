/** The audit log (`/console/api/v1/audit`, or one venue's `venues/:code/audit`), read a page at a time. */
import type { AuditPage } from '@storefront/domain/console/audit';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { type AuditFilters, auditRequest } from './audit-filters.ts';

const auditKeys = {
  all: ['audit'] as const,
  log: (fixedVenue: string | null, filters: AuditFilters) => [...auditKeys.all, fixedVenue, filters] as const,
};

export const auditQueries = {
  log: (fixedVenue: string | null, filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: auditKeys.log(fixedVenue, filters),
      queryFn: ({ pageParam }) => {
        const { path, query } = auditRequest(filters, fixedVenue, pageParam);
        return api.get<AuditPage>(path, query);
      },
      initialPageParam: null as number | null,
      getNextPageParam: (page) => page.next_before ?? undefined,
    }),
};
