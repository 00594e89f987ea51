import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, totpCode } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemoStaff } from './seed-demo-staff.ts';

type Session = { stage: string; organisation_rights: string[]; venues: { rights: string[] }[] };

describeEachEngine('demo staff', (ctx) => {
  const server = useTestApp(ctx);

  it('seeds an owner with an authenticator set up, a gate-only and a read-only member, once', async () => {
    const seeded = await seedDemoStaff(ctx.db);
    expect(seeded.ownerTotpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seedDemoStaff(ctx.db)).toEqual(seeded);

    const owner = consoleClient(server.app);
    const first = await owner.post<Session>('sign-in/password', { email: DEMO_STAFF.owner.email, password: DEMO_STAFF_PASSWORD });
    expect(first.body.stage).toBe('second_factor');
    const signedIn = await owner.post<Session>('sign-in/totp', { code: totpCode(new Date(), seeded.ownerTotpSecret) });
    expect(signedIn.body.stage).toBe('signed_in');
    expect(signedIn.body.organisation_rights).toContain('staff:manage');

    const gate = consoleClient(server.app);
    const gateSession = await gate.post<Session>('sign-in/password', {
      email: DEMO_STAFF.gate.email,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(gateSession.body.stage).toBe('signed_in');
    expect(new Set(gateSession.body.venues.flatMap((v) => v.rights))).toEqual(new Set(['checkin:scan']));
    expect((await gate.get('staff')).status).toBe(403);

    const viewer = consoleClient(server.app);
    const viewerSession = await viewer.post<Session>('sign-in/password', {
      email: DEMO_STAFF.viewer.email,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(new Set(viewerSession.body.venues.flatMap((v) => v.rights))).toEqual(
      new Set(['catalogue:read', 'orders:read', 'reports:read']),
    );
  });
});
