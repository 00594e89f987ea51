/** Staff members and the teams they are in (`/console/api/v1/staff`, `/teams`), right `staff:manage`. */
import type { InviteStaffBody, StaffMember } from '@storefront/domain/console/staff';
import { api } from '../../lib/api/client.ts';
import { staffListQuery, teamListQuery } from '../../lib/staff-queries.ts';

export const staffQueries = {
  list: staffListQuery,
  teams: teamListQuery,
};

export type StaffAction = 'deactivate' | 'reactivate' | 'invitation' | 'password-reset';

export const staffApi = {
  invite: (body: InviteStaffBody) => api.post<StaffMember>('staff', body),
  update: (id: number, body: { name?: string; team_ids?: number[] }) => api.patch<StaffMember>(`staff/${id}`, body),
  act: (id: number, action: StaffAction) => api.post<unknown>(`staff/${id}/${action}`),
};
