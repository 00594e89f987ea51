/**
 * The organisation's staff and teams (`/console/api/v1/staff`, `/teams`, right `staff:manage`). The
 * staff screen, the team screens and the audit log's filter all read them, so their keys and reads
 * sit here rather than in one of those features.
 */
import type { StaffMember, Team } from '@storefront/domain/console/staff';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api/client.ts';

const staffKeys = { all: ['staff'] as const };
const teamKeys = { all: ['teams'] as const };

export const staffListQuery = () =>
  queryOptions({ queryKey: staffKeys.all, queryFn: () => api.get<{ staff: StaffMember[] }>('staff') });
export const teamListQuery = () => queryOptions({ queryKey: teamKeys.all, queryFn: () => api.get<{ teams: Team[] }>('teams') });

export const invalidateStaff = (client: QueryClient) => client.invalidateQueries({ queryKey: staffKeys.all });
export const invalidateTeams = (client: QueryClient) => client.invalidateQueries({ queryKey: teamKeys.all });
