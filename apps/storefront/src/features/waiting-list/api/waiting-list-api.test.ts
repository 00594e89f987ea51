import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { joinProblemOf } from './waiting-list-api.ts';

const answer = (status: number, body: unknown) => new ApiError('status', 'error', status, body);

describe('what a failed join tells the visitor', () => {
  it('names the address, a second entry, a slot with places, a product without a list and too many tries', () => {
    expect(joinProblemOf(answer(400, { error: 'invalid email address' }))).toBe('email');
    expect(
      joinProblemOf(answer(409, { error: 'conflict', message: 'this address is already on the waiting list of this slot' })),
    ).toBe('already_listed');
    expect(
      joinProblemOf(answer(409, { error: 'conflict', message: 'the slot has these places: buy them instead of waiting' })),
    ).toBe('has_places');
    expect(joinProblemOf(answer(400, { error: 'ticket not on sale now' }))).toBe('no_list');
    expect(joinProblemOf(answer(429, { error: 'too many requests' }))).toBe('too_many');
  });

  it('anything else, a lost connection included, is a general failure', () => {
    expect(joinProblemOf(answer(500, null))).toBe('other');
    expect(joinProblemOf(new ApiError('network', 'offline'))).toBe('other');
    expect(joinProblemOf(new Error('boom'))).toBe('other');
  });
});
