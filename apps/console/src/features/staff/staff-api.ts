/** Staff members and the teams they are in (`/console/api/v1/staff`, `/teams`), right `staff:manage`. */
import type { InviteStaffBody, StaffMember } from '@storefront/domain/console/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { invalidateStaff, invalidateTeams, staffListQuery, teamListQuery } from '../../lib/staff-queries.ts';

export const staffQueries = {
  list: staffListQuery,
  teams: teamListQuery,
};

export type StaffAction = 'deactivate' | 'reactivate' | 'invitation' | 'password-reset';

const staffApi = {
  invite: (body: InviteStaffBody) => api.post<StaffMember>('staff', body),
  update: (id: number, body: { name?: string; team_ids?: number[] }) => api.patch<StaffMember>(`staff/${id}`, body),
  act: (id: number, action: StaffAction) => api.post<unknown>(`staff/${id}/${action}`),
};

export function useInviteStaff(reactions: MutationReactions<StaffMember, InviteStaffBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: staffApi.invite,
    onSuccess: (...done) => {
      void invalidateStaff(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** A member's name and teams; the teams are read again too, as they list their members. */
export function useUpdateStaffMember(
  id: number,
  reactions: MutationReactions<StaffMember, { name: string; team_ids: number[] }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: { name: string; team_ids: number[] }) => staffApi.update(id, body),
    onSuccess: (...done) => {
      void invalidateStaff(queryClient);
      void invalidateTeams(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}

export function useStaffAction(reactions: MutationReactions<unknown, { member: StaffMember; action: StaffAction }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: ({ member, action }: { member: StaffMember; action: StaffAction }) => staffApi.act(member.id, action),
    onSuccess: (...done) => {
      void invalidateStaff(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}
