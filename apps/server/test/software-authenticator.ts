/**
 * A software WebAuthn authenticator, with the browser's part folded in, for tests: it answers
 * registration and sign-in options as `navigator.credentials.create()` / `.get()` would, with an
 * ES256 (P-256) key per credential held in memory. Attestation is 'none', the AAGUID is zero, the
 * flags say the user was present and (unless told otherwise) verified, and the signature counter starts at 0 and goes up
 * by one at each sign-in. Like a browser, it refuses options for another RP id.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

// --- the few CBOR items (RFC 8949) an attestation object and a COSE key need ---------------------

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(value, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(value, 1);
  return head;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || Math.abs(value) > 0xffffffff) throw new Error(`cbor: unsupported number ${value}`);
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

// --- WebAuthn structures --------------------------------------------------------------------------

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL_DATA = 0x40;
const COSE_ALG_ES256 = -7;

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();

/** The credential public key as a COSE_Key map: kty EC2, alg ES256, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('software authenticator: the key has no coordinates');
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, COSE_ALG_ES256],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head[32] = flags;
  head.writeUInt32BE(signCount, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

type Credential = { id: string; privateKey: KeyObject; userHandle: string; signCount: number };

export type SoftwareAuthenticator = {
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON;
  authenticate(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON;
  /** The ids of the credentials it holds, oldest first. */
  readonly credentialIds: string[];
};

/**
 * `origin` is the page the browser would be on and `rpId` the RP id it signs for. `userHandle`
 * (base64url), when given, is returned at sign-in instead of the `user.id` the credential was
 * registered with: for tests of a handle that names someone else. `verifiesUser: false` makes a
 * key that only tests presence (the UV flag stays clear), like a security key without a PIN.
 */
export function createSoftwareAuthenticator({
  origin,
  rpId,
  userHandle,
  verifiesUser = true,
}: {
  origin: string;
  rpId: string;
  userHandle?: string;
  verifiesUser?: boolean;
}): SoftwareAuthenticator {
  const userFlags = FLAG_USER_PRESENT | (verifiesUser ? FLAG_USER_VERIFIED : 0);
  const credentials: Credential[] = [];

  function checkRpId(requested: string | undefined): void {
    if (requested !== undefined && requested !== rpId) {
      throw new Error(`SecurityError: options for RP id "${requested}", this authenticator is for "${rpId}"`);
    }
  }

  return {
    get credentialIds() {
      return credentials.map((credential) => credential.id);
    },

    register(options) {
      checkRpId(options.rp.id);
      if (!options.pubKeyCredParams.some((param) => param.alg === COSE_ALG_ES256)) {
        throw new Error('NotSupportedError: the options do not offer ES256');
      }
      const excluded = new Set((options.excludeCredentials ?? []).map((descriptor) => descriptor.id));
      if (credentials.some((credential) => excluded.has(credential.id))) {
        throw new Error('InvalidStateError: this authenticator already holds an excluded credential');
      }
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credentialId = randomBytes(16);
      const id = credentialId.toString('base64url');
      credentials.push({ id, privateKey, userHandle: options.user.id, signCount: 0 });

      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(publicKey)]);
      const authData = authenticatorData(rpId, userFlags | FLAG_ATTESTED_CREDENTIAL_DATA, 0, attested);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge, origin).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
          publicKeyAlgorithm: COSE_ALG_ES256,
          transports: ['internal'],
        },
        clientExtensionResults: { credProps: { rk: true } },
        authenticatorAttachment: 'platform',
      };
    },

    authenticate(options) {
      checkRpId(options.rpId);
      const allowed = (options.allowCredentials ?? []).map((descriptor) => descriptor.id);
      // With no allow list the user picks one of the site's passkeys: here the newest.
      const credential =
        allowed.length === 0 ? credentials.at(-1) : credentials.find((candidate) => allowed.includes(candidate.id));
      if (!credential) throw new Error('NotAllowedError: this authenticator holds none of the allowed credentials');
      credential.signCount += 1;
      const authData = authenticatorData(rpId, userFlags, credential.signCount);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      // Node's ECDSA signatures are DER-encoded by default, which is what WebAuthn wants.
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: userHandle ?? credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
