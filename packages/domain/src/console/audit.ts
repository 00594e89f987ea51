/** The audit log (`/console/api/v1/audit`), right `audit:read`: who changed what, where, when, from which address. */
import { z } from 'zod';
import { Id, InputText } from '../api/common.ts';
import { FilterInstant } from './date-filters.ts';

export const ACTOR_TYPES = ['staff', 'device', 'system', 'visitor'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor_type: z.enum(ACTOR_TYPES),
  actor_id: z.number().nullable(),
  /** Who it was when it happened (an e-mail, a device's name), kept even if the account goes. */
  actor_label: z.string(),
  venue_id: z.number().nullable(),
  venue_code: z.string().nullable(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  client_ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  venue: InputText.max(40).optional(),
  actor_id: Id.optional(),
  action: InputText.max(80).optional(),
  object_type: InputText.max(80).optional(),
  from: FilterInstant.optional(),
  to: FilterInstant.optional(),
  /** Paging: entries older than this id. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), next_before: z.number().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
