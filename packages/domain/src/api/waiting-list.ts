/** Contracts of the waiting list of a sold-out slot: joining it and leaving it. */
import { z } from 'zod';
import { InputText, Lang, PositiveId, Uuid } from './common.ts';
import { OptionValueInput } from './orders.ts';

/**
 * A visitor joins a sold-out slot's list with the tickets they want (more than one, in any of the
 * product's ticket types) and the address and language their offer is mailed in.
 */
export const JoinWaitingListBody = z.object({
  lang: Lang.default('ja'),
  product_uuid: Uuid,
  time_span_id: PositiveId,
  quantity: z.number({ error: 'must be a number' }).int().min(1, { error: 'must be at least 1' }).max(100),
  option_values: z.array(OptionValueInput).min(1, { error: 'must choose at least one ticket type' }).max(30),
  email: InputText.trim().min(1, { error: 'must not be empty' }).max(254),
});
export type JoinWaitingListBody = z.infer<typeof JoinWaitingListBody>;

/** Where the visitor stands: their place in the slot's list (1 is next). */
export const WaitingListEntryReply = z.object({ status: z.literal('waiting'), position: z.number().int() });
export type WaitingListEntryReply = z.infer<typeof WaitingListEntryReply>;

/** The token of the link in the list's mails that takes the visitor off the list. */
export const WaitingListTokenParams = z.object({
  token: InputText.regex(/^[\w-]{16,64}$/, { error: 'must be a waiting list token' }),
});

/** The venue's products whose sold-out slots take a waiting list (the shop offers to join only these). */
export const WaitingListProductsReply = z.object({
  products: z.array(z.object({ product_id: z.number().int(), offer_minutes: z.number().int() })),
});
export type WaitingListProductsReply = z.infer<typeof WaitingListProductsReply>;
