/**
 * What an order may be on its sales channel (SPEC §3 sales channels). The orders service checks
 * these whenever an order is made or changed, whatever route the call came through: a spot
 * order stays a spot order on the web routes too. Payment methods are per channel in the site's
 * settings, and are always looked up on the order's own channel.
 */

import type { FieldTemplate } from '@storefront/domain/customer/customer-info';
import { todayIn } from '@storefront/domain/dates';
import { clock } from '../../lib/clock.ts';

export type OrderChannel = 'web' | 'spot';

export const SPOT_CHANNEL = 'spot' satisfies OrderChannel;

/** On the spot the visitor gives only the address the ticket is mailed to. */
const SPOT_FIELD_TEMPLATES: readonly FieldTemplate[] = [
  { fieldName: 'email', isDisplay: true, isRequired: true, type: 'text', choices: [], choiceList: null },
];

/** The sign-in fields an order of the channel is checked against; null: the site's own. */
export function fieldTemplatesOf(channel: string): readonly FieldTemplate[] | null {
  return channel === SPOT_CHANNEL ? SPOT_FIELD_TEMPLATES : null;
}

/**
 * Why a slot (on sale and not over) cannot be an order's on its channel, or null: a spot order
 * is bought at the venue for one of today's slots, so it never moves to another day.
 */
export function slotRefusal(channel: string, slot: { date: string }, timeZone: string, now = clock.now()): string | null {
  if (channel === SPOT_CHANNEL && slot.date !== todayIn(timeZone, now))
    return 'time_span_id is not one of the slots still to come today';
  return null;
}
