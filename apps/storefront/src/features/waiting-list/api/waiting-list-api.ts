/** The waiting list's calls, typed from the contracts in packages/domain (types only cross over). */
import type { JoinWaitingListBody, WaitingListEntryReply } from '@storefront/domain/api/waiting-list';
import { type ApiClient, ApiError } from '../../../lib/api/client.ts';

export function waitingListApi(api: ApiClient) {
  return {
    join: (body: JoinWaitingListBody) => api.post<WaitingListEntryReply>('waitinglist', body),
    leave: (token: string) => api.delete<null>(`waitinglist/${encodeURIComponent(token)}`),
  };
}

/** What went wrong with a join, as the form shows it beside the field or above the button. */
export type JoinProblem = 'email' | 'already_listed' | 'has_places' | 'no_list' | 'too_many' | 'other';

export function joinProblemOf(error: unknown): JoinProblem {
  if (!(error instanceof ApiError) || error.status === null) return 'other';
  const body = (error.body ?? {}) as { error?: string; message?: string };
  if (error.status === 429) return 'too_many';
  if (body.error === 'invalid email address') return 'email';
  if (body.error === 'ticket not on sale now') return 'no_list';
  // Both refusals are conflicts; the server's message tells them apart.
  if (error.status === 409) return body.message?.includes('already on the waiting list') ? 'already_listed' : 'has_places';
  return 'other';
}
