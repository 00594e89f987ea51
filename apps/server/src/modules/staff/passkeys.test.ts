import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import {
  type AuthenticationResponseJSON,
  PasskeyRefusal,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  type RegisteredPasskey,
  staffIdFromUserHandle,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from './passkeys.ts';

const RP_ID = 'console.example.test';
const ORIGIN = 'https://console.example.test';
const RP_NAME = 'Storefront console';
const STAFF = { id: 7, email: 'ana@example.test', name: 'Ana Example' };

async function enrol(options: { verifiesUser?: boolean } = {}) {
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN, rpId: RP_ID, ...options });
  const creation = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: [] });
  const passkey = await verifyPasskeyRegistration({
    response: authenticator.register(creation),
    expectedChallenge: creation.challenge,
    rpId: RP_ID,
    origin: ORIGIN,
  });
  return { authenticator, passkey };
}

const allowing = (passkey: RegisteredPasskey) => [{ credentialId: passkey.credentialId, transports: passkey.transports }];

function signIn(
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  passkey: RegisteredPasskey,
  counter = passkey.counter,
) {
  return verifyPasskeyAuthentication({
    response,
    expectedChallenge,
    rpId: RP_ID,
    origin: ORIGIN,
    credential: { ...passkey, counter },
    requireUserVerification: false,
  });
}

describe('passkey registration', () => {
  it('asks for no attestation, prefers resident keys and user verification, and names the staff member', async () => {
    const options = await passkeyRegistrationOptions({
      rpId: RP_ID,
      rpName: RP_NAME,
      staff: STAFF,
      existing: [{ credentialId: 'AAECAwQF', transports: ['usb'] }, { credentialId: 'BgcICQ' }],
    });
    expect(options.rp).toEqual({ id: RP_ID, name: RP_NAME });
    expect(options.user.name).toBe(STAFF.email);
    expect(options.user.displayName).toBe(STAFF.name);
    expect(staffIdFromUserHandle(options.user.id)).toBe(STAFF.id);
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'preferred',
      requireResidentKey: false,
      userVerification: 'preferred',
    });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
    expect(options.excludeCredentials).toEqual([
      { id: 'AAECAwQF', transports: ['usb'], type: 'public-key' },
      { id: 'BgcICQ', type: 'public-key', transports: undefined },
    ]);
    expect(options.challenge).toMatch(/^[\w-]{43}$/); // 32 random bytes
  });

  it('returns what to store for a new passkey', async () => {
    const { authenticator, passkey } = await enrol();
    expect(passkey).toEqual({
      credentialId: authenticator.credentialIds[0],
      publicKey: expect.stringMatching(/^[\w-]+$/),
      counter: 0,
      transports: ['internal'],
      backedUp: false,
      deviceType: 'singleDevice',
    });
  });

  it('accepts a key that does not verify the user', async () => {
    const { passkey } = await enrol({ verifiesUser: false });
    expect(passkey.counter).toBe(0);
  });

  it('lets an authenticator refuse to register a second passkey for the same account', async () => {
    const { authenticator, passkey } = await enrol();
    const again = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: allowing(passkey) });
    expect(() => authenticator.register(again)).toThrow(/InvalidStateError/);
  });

  it('refuses a response to another challenge', async () => {
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN, rpId: RP_ID });
    const issued = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: [] });
    const other = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: [] });
    const attempt = verifyPasskeyRegistration({
      response: authenticator.register(other),
      expectedChallenge: issued.challenge,
      rpId: RP_ID,
      origin: ORIGIN,
    });
    await expect(attempt).rejects.toThrow(PasskeyRefusal);
    await expect(attempt).rejects.toThrow(/challenge/);
  });

  it('refuses a response made on another origin', async () => {
    const authenticator = createSoftwareAuthenticator({ origin: 'https://console.example.test.evil.test', rpId: RP_ID });
    const options = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: [] });
    const attempt = verifyPasskeyRegistration({
      response: authenticator.register(options),
      expectedChallenge: options.challenge,
      rpId: RP_ID,
      origin: ORIGIN,
    });
    await expect(attempt).rejects.toThrow(/passkey registration refused: .*origin/);
  });

  it('refuses a response for another RP id', async () => {
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN, rpId: 'evil.test' });
    const options = await passkeyRegistrationOptions({ rpId: 'evil.test', rpName: RP_NAME, staff: STAFF, existing: [] });
    const attempt = verifyPasskeyRegistration({
      response: authenticator.register(options),
      expectedChallenge: options.challenge,
      rpId: RP_ID,
      origin: ORIGIN,
    });
    await expect(attempt).rejects.toThrow(/passkey registration refused: Unexpected RP ID hash/);
  });

  it('refuses a malformed response as a refusal, not a crash', async () => {
    const options = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: [] });
    const attempt = verifyPasskeyRegistration({
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} } as never,
      expectedChallenge: options.challenge,
      rpId: RP_ID,
      origin: ORIGIN,
    });
    await expect(attempt).rejects.toThrow(PasskeyRefusal);
  });
});

describe('passkey sign-in', () => {
  it('signs in with a registered passkey, and the counter advances each time', async () => {
    const { authenticator, passkey } = await enrol();
    const first = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    expect(first.allowCredentials).toEqual([{ id: passkey.credentialId, transports: ['internal'], type: 'public-key' }]);
    expect(first.userVerification).toBe('preferred');
    const one = await signIn(authenticator.authenticate(first), first.challenge, passkey);
    expect(one).toEqual({ newCounter: 1, userVerified: true });

    const second = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const two = await signIn(authenticator.authenticate(second), second.challenge, passkey, one.newCounter);
    expect(two).toEqual({ newCounter: 2, userVerified: true });
  });

  it('signs in with a discoverable passkey whose user handle names the staff member', async () => {
    const { authenticator, passkey } = await enrol();
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: [] });
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('required');
    const response = authenticator.authenticate(options);
    expect(response.id).toBe(passkey.credentialId);
    expect(staffIdFromUserHandle(response.response.userHandle)).toBe(STAFF.id);
    const result = await verifyPasskeyAuthentication({
      response,
      expectedChallenge: options.challenge,
      rpId: RP_ID,
      origin: ORIGIN,
      credential: passkey,
      requireUserVerification: true,
    });
    expect(result).toEqual({ newCounter: 1, userVerified: true });
  });

  it('refuses a key that did not verify the user when verification is required', async () => {
    const { authenticator, passkey } = await enrol({ verifiesUser: false });
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const response = authenticator.authenticate(options);
    const verify = (requireUserVerification: boolean) =>
      verifyPasskeyAuthentication({
        response,
        expectedChallenge: options.challenge,
        rpId: RP_ID,
        origin: ORIGIN,
        credential: passkey,
        requireUserVerification,
      });
    await expect(verify(true)).rejects.toThrow(/passkey sign-in refused: .*verification/);
    expect(await verify(false)).toEqual({ newCounter: 1, userVerified: false });
  });

  it('refuses a response to another challenge', async () => {
    const { authenticator, passkey } = await enrol();
    const issued = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const other = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const attempt = signIn(authenticator.authenticate(other), issued.challenge, passkey);
    await expect(attempt).rejects.toThrow(PasskeyRefusal);
    await expect(attempt).rejects.toThrow(/challenge/);
  });

  it('refuses a response made on another origin', async () => {
    const { authenticator, passkey } = await enrol();
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const response = authenticator.authenticate(options);
    await expect(
      verifyPasskeyAuthentication({
        response,
        expectedChallenge: options.challenge,
        rpId: RP_ID,
        origin: 'https://other.example.test',
        credential: passkey,
        requireUserVerification: false,
      }),
    ).rejects.toThrow(/passkey sign-in refused: .*origin/);
  });

  it('refuses a response whose authenticator data names another RP id', async () => {
    const { authenticator, passkey } = await enrol();
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const response = authenticator.authenticate(options);
    const data = Buffer.from(response.response.authenticatorData, 'base64url');
    createHash('sha256').update('evil.test').digest().copy(data, 0);
    const altered = { ...response, response: { ...response.response, authenticatorData: data.toString('base64url') } };
    await expect(signIn(altered, options.challenge, passkey)).rejects.toThrow(/passkey sign-in refused: Unexpected RP ID hash/);
  });

  it("refuses a response signed by another authenticator's key", async () => {
    const { passkey } = await enrol();
    const { authenticator: intruder, passkey: intruderKey } = await enrol();
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(intruderKey) });
    const response = intruder.authenticate(options);
    // As a forger would send it: naming the victim's credential, signed with the intruder's key.
    const forged = { ...response, id: passkey.credentialId, rawId: passkey.credentialId };
    await expect(signIn(forged, options.challenge, passkey)).rejects.toThrow(/signature does not verify/);
    // Left naming its own credential, it is refused before the signature is even looked at.
    await expect(signIn(response, options.challenge, passkey)).rejects.toThrow(/another credential/);
  });

  it('refuses altered authenticator data', async () => {
    const { authenticator, passkey } = await enrol();
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const response = authenticator.authenticate(options);
    const data = Buffer.from(response.response.authenticatorData, 'base64url');
    data.writeUInt32BE(1000, 33); // the signature counter
    const altered = { ...response, response: { ...response.response, authenticatorData: data.toString('base64url') } };
    await expect(signIn(altered, options.challenge, passkey)).rejects.toThrow(/signature does not verify/);
    expect(await signIn(response, options.challenge, passkey)).toEqual({ newCounter: 1, userVerified: true });
  });

  it('refuses a response replayed after its counter was stored', async () => {
    const { authenticator, passkey } = await enrol();
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: allowing(passkey) });
    const response = authenticator.authenticate(options);
    const { newCounter } = await signIn(response, options.challenge, passkey);
    await expect(signIn(response, options.challenge, passkey, newCounter)).rejects.toThrow(/counter/);
  });
});

describe('staffIdFromUserHandle', () => {
  it('reads only handles this module made', () => {
    const handle = (text: string) => Buffer.from(text).toString('base64url');
    expect(staffIdFromUserHandle(handle('staff:42'))).toBe(42);
    expect(staffIdFromUserHandle(undefined)).toBeNull();
    expect(staffIdFromUserHandle('')).toBeNull();
    for (const text of ['staff:0', 'staff:-1', 'staff:1.5', 'staff:01', 'customer:42', 'staff:42 ', 'staff:12345678901234567']) {
      expect(staffIdFromUserHandle(handle(text)), text).toBeNull();
    }
  });

  it('is what the software authenticator answers with, unless told another handle', async () => {
    const { passkey } = await enrol();
    const impostor = createSoftwareAuthenticator({
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: Buffer.from('staff:8').toString('base64url'),
    });
    const creation = await passkeyRegistrationOptions({ rpId: RP_ID, rpName: RP_NAME, staff: STAFF, existing: [] });
    impostor.register(creation);
    const options = await passkeyAuthenticationOptions({ rpId: RP_ID, allow: [] });
    expect(staffIdFromUserHandle(impostor.authenticate(options).response.userHandle)).toBe(8);
    expect(passkey.credentialId).not.toBe(impostor.credentialIds[0]);
  });
});
