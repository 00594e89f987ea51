/** The mail-magazine release calls, typed from the contracts in packages/domain (types only cross over). */
import type { MailMagazineStatus } from '@storefront/domain/api/tickets';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClient, ApiError } from '../../../lib/api/client.ts';

const path = (token: string) => encodeURIComponent(token);

export function mailReleaseApi(api: ApiClient) {
  return {
    /** SPEC §7: a 404 is ignored (the page still offers the release; the PUT then says why not). */
    async mailMagazines(token: string): Promise<z.infer<typeof MailMagazineStatus> | null> {
      try {
        return await api.get<z.infer<typeof MailMagazineStatus>>(`mailmagazines/${path(token)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    releaseMailMagazine: (token: string, fieldName: string) =>
      api.put<null>(`mailmagazines/${path(token)}`, { field_name: fieldName }),
  };
}

export const mailMagazineQuery = (api: ApiClient, token: string) =>
  queryOptions({ queryKey: ['mailmagazines', token], queryFn: () => mailReleaseApi(api).mailMagazines(token), retry: false });
