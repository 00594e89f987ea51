/**
 * A feature's mutation hook (in its `*-api.ts`) owns the call and what it changes in the query
 * cache; the screen that uses it passes only its own reactions: a notice, a navigation, a closed
 * dialog, a form's field errors. The hook runs its cache work first unless it says otherwise.
 */
import type { UseMutationOptions } from '@tanstack/react-query';

export type MutationReactions<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onMutate' | 'onSuccess' | 'onError' | 'onSettled'
>;
