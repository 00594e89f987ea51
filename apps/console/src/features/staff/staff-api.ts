/** Staff members and the teams they are in (`/console/api/v1/staff`, `/teams`), right `staff:manage`. */
import type { InviteStaffBody, StaffMember, Team } from '@storefront/domain/console/staff';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export const staffQueries = {
  list: () => queryOptions({ queryKey: ['staff'], queryFn: () => api.get<{ staff: StaffMember[] }>('staff') }),
  teams: () => queryOptions({ queryKey: ['teams'], queryFn: () => api.get<{ teams: Team[] }>('teams') }),
};

export type StaffAction = 'deactivate' | 'reactivate' | 'invitation' | 'password-reset';

export const staffApi = {
  invite: (body: InviteStaffBody) => api.post<StaffMember>('staff', body),
  update: (id: number, body: { name?: string; team_ids?: number[] }) => api.patch<StaffMember>(`staff/${id}`, body),
  act: (id: number, action: StaffAction) => api.post<unknown>(`staff/${id}/${action}`),
};
