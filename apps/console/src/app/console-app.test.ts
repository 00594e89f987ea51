import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/client.ts';
import { SESSION_KEY } from '../lib/session.ts';
import { createConsoleQueryClient } from './console-app.tsx';

/** A router stand-in at the account page, recording where the app sends the member. */
function routerAt(pathname: string) {
  const navigate = vi.fn(async () => {});
  const router = { state: { location: { pathname, search: '' } }, basename: '/console', navigate };
  return { router: () => router as never, navigate };
}

const refused = (sentAt: number) => new ApiError(401, { error: 'not signed in' }, sentAt);

describe('a call refused as signed out', () => {
  it('changes nothing when it was sent before the app last learnt the session (signed out, then in again)', async () => {
    const { router, navigate } = routerAt('/console/account');
    const client = createConsoleQueryClient(router);
    const sentAt = Date.now() - 1_000;
    client.setQueryData(SESSION_KEY, { stage: 'second_factor' });
    await client
      .fetchQuery({ queryKey: ['account', 'sessions'], queryFn: () => Promise.reject(refused(sentAt)) })
      .catch(() => {});
    expect(client.getQueryData(SESSION_KEY)).toEqual({ stage: 'second_factor' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('forgets the session and goes to sign-in, coming back, when it was sent with the session the app knows', async () => {
    const { router, navigate } = routerAt('/console/account');
    const client = createConsoleQueryClient(router);
    client.setQueryData(SESSION_KEY, { stage: 'signed_in' });
    await client
      .fetchQuery({ queryKey: ['account', 'sessions'], queryFn: () => Promise.reject(refused(Date.now() + 1)) })
      .catch(() => {});
    expect(client.getQueryData(SESSION_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringContaining('next=%2Faccount'), { replace: true });
  });
});
