/**
 * Passkeys (WebAuthn) for staff sign-in: thin wrappers over `@simplewebauthn/server` that fix our
 * choices in one place. No attestation is asked for (we trust the staff member's own device, not a
 * vendor's certificate), resident keys and user verification are preferred, and the algorithms
 * offered are fixed so that options and verification agree whatever the Node version supports.
 *
 * Credential ids and public keys travel and are stored as base64url strings. Every refusal of a
 * response is a `PasskeyRefusal`, whatever the library threw, so a caller can answer it with a 4xx.
 */
import type {
  AuthenticationResponseJSON,
  CredentialDeviceType,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';

export type { AuthenticationResponseJSON, RegistrationResponseJSON };

// EdDSA, ES256, RS256: what authenticators in use support, in the library's order of preference.
const SUPPORTED_ALGORITHM_IDS = [-8, -7, -257];

/** The library, loaded by the first passkey step: most of a server's life has none (decision 038). */
const webauthn = () => import('@simplewebauthn/server');

/** A registration or authentication response that was refused; `message` says why. */
export class PasskeyRefusal extends Error {
  override readonly name = 'PasskeyRefusal';
}

const STAFF_HANDLE_PREFIX = 'staff:';

/** The WebAuthn user handle of a staff member: the bytes of `staff:<id>`. */
function userHandleBytes(staffId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(`${STAFF_HANDLE_PREFIX}${staffId}`, 'utf8'));
}

/**
 * The staff id a discoverable sign-in's `response.response.userHandle` names, or null. The caller
 * finds the credential by its id and must check that it belongs to this staff member.
 */
export function staffIdFromUserHandle(userHandle: string | undefined): number | null {
  if (!userHandle) return null;
  const text = Buffer.from(userHandle, 'base64url').toString('utf8');
  const match = /^staff:([1-9]\d{0,15})$/.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(value, 'base64url'));
}

function refusal(what: string, error: unknown): PasskeyRefusal {
  const reason = error instanceof Error ? error.message : String(error);
  return new PasskeyRefusal(`${what}: ${reason}`, { cause: error });
}

/** Options for `navigator.credentials.create()`, to add a passkey to a staff account. */
export async function passkeyRegistrationOptions({
  rpId,
  rpName,
  staff,
  existing,
}: {
  rpId: string;
  rpName: string;
  staff: { id: number; email: string; name: string };
  existing: { credentialId: string; transports?: string[] }[];
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpID: rpId,
    rpName,
    userID: userHandleBytes(staff.id),
    userName: staff.email,
    userDisplayName: staff.name,
    attestationType: 'none',
    // A fresh object on every call: the library writes into it.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: existing.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
  });
}

export type RegisteredPasskey = {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
  deviceType: CredentialDeviceType;
};

/**
 * Checks the browser's answer to `passkeyRegistrationOptions` and returns what to store.
 * User verification is not required here, as the options only prefer it; sign-in decides.
 * Throws `PasskeyRefusal`.
 */
export async function verifyPasskeyRegistration({
  response,
  expectedChallenge,
  rpId,
  origin,
}: {
  response: RegistrationResponseJSON;
  expectedChallenge: string;
  rpId: string;
  origin: string;
}): Promise<RegisteredPasskey> {
  const { verifyRegistrationResponse } = await webauthn();
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    });
  } catch (error) {
    throw refusal('passkey registration refused', error);
  }
  if (!verification.verified) throw new PasskeyRefusal('passkey registration refused: the attestation did not verify');
  const { credential, credentialBackedUp, credentialDeviceType } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    backedUp: credentialBackedUp,
    deviceType: credentialDeviceType,
  };
}

/**
 * Options for `navigator.credentials.get()`. With credentials in `allow`, the browser asks for one
 * of them (a second factor after the password); with none, it offers the passkeys it holds for
 * this site (a passkey as first factor), and user verification is then asked for by default.
 */
export async function passkeyAuthenticationOptions({
  rpId,
  allow,
  userVerification = allow.length === 0 ? 'required' : 'preferred',
}: {
  rpId: string;
  allow: { credentialId: string; transports?: string[] }[];
  userVerification?: 'required' | 'preferred';
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rpId,
    allowCredentials:
      allow.length === 0 ? undefined : allow.map(({ credentialId, transports }) => ({ id: credentialId, transports })),
    userVerification,
  });
}

/**
 * Checks the browser's answer to `passkeyAuthenticationOptions` against the stored credential that
 * `response.id` names. Returns the counter to store; throws `PasskeyRefusal` for a wrong challenge,
 * origin or RP id, a bad signature, a counter that did not advance, or missing user verification
 * when `requireUserVerification`.
 */
export async function verifyPasskeyAuthentication({
  response,
  expectedChallenge,
  rpId,
  origin,
  credential,
  requireUserVerification,
}: {
  response: AuthenticationResponseJSON;
  expectedChallenge: string;
  rpId: string;
  origin: string;
  credential: { credentialId: string; publicKey: string; counter: number; transports?: string[] };
  requireUserVerification: boolean;
}): Promise<{ newCounter: number; userVerified: boolean }> {
  // The library trusts the caller to have looked the credential up by the response's id.
  if (response.id !== credential.credentialId) {
    throw new PasskeyRefusal('passkey sign-in refused: the response is for another credential');
  }
  const { verifyAuthenticationResponse } = await webauthn();
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      credential: {
        id: credential.credentialId,
        publicKey: base64urlBytes(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification,
    });
  } catch (error) {
    throw refusal('passkey sign-in refused', error);
  }
  // A bad signature is not thrown but reported.
  if (!verification.verified) throw new PasskeyRefusal('passkey sign-in refused: the signature does not verify');
  const { newCounter, userVerified } = verification.authenticationInfo;
  return { newCounter, userVerified };
}
