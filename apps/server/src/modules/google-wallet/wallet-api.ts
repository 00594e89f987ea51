/**
 * The few Google Wallet REST API calls passes need (decision 028), and nothing else:
 * `POST /eventTicketClass` (a 409 means it exists: `PUT /eventTicketClass/{id}`),
 * `POST /eventTicketObject` (409: `PATCH` it) and `PATCH /eventTicketObject/{id}`. Each carries an
 * OAuth access token of the deployment's service account (scope `wallet_object.issuer`), which
 * google-auth-library's `JWT` client gets and renews. Its token endpoint is fixed to Google's; a
 * configured other one (the tests' fake) is reached by rebasing that one request.
 */
import { JWT } from 'google-auth-library';
import type { GoogleWalletConfig } from '../../config.ts';

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** How long a call may take before it counts as failed (and is tried again on a later round). */
const TIMEOUT_MS = 15_000;

type Json = Record<string, unknown>;

/** A call Google did not answer with success: its status (null when there was no answer) and what it said. */
class WalletApiError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'WalletApiError';
    this.status = status;
  }
}

export type WalletApi = {
  /** Makes the class, or replaces it when it already exists. */
  upsertClass(eventTicketClass: Json & { id: string }): Promise<void>;
  /** Makes the object, or brings it up to date when it already exists. */
  insertObject(eventTicketObject: Json & { id: string }): Promise<void>;
  patchObject(id: string, changes: Json): Promise<void>;
};

export function createWalletApi(config: GoogleWalletConfig): WalletApi {
  const client = new JWT({ email: config.clientEmail, key: config.privateKey, scopes: [WALLET_SCOPE] });
  if (config.tokenUrl !== GOOGLE_TOKEN_URL) {
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(config.tokenUrl);
        return options;
      },
    });
  }

  async function call(method: 'POST' | 'PUT' | 'PATCH', path: string, body: Json): Promise<number> {
    let token: string | null | undefined;
    try {
      token = (await client.getAccessToken()).token;
    } catch (error) {
      throw new WalletApiError(`no access token: ${error instanceof Error ? error.message : String(error)}`, null);
    }
    if (!token) throw new WalletApiError('no access token', null);
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new WalletApiError(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`, null);
    }
    const text = await response.text().catch(() => '');
    if (response.ok || response.status === 409) return response.status;
    throw new WalletApiError(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`, response.status);
  }

  const encode = (id: string) => encodeURIComponent(id);
  return {
    async upsertClass(eventTicketClass) {
      if ((await call('POST', '/eventTicketClass', eventTicketClass)) === 409)
        await call('PUT', `/eventTicketClass/${encode(eventTicketClass.id)}`, eventTicketClass);
    },
    async insertObject(eventTicketObject) {
      if ((await call('POST', '/eventTicketObject', eventTicketObject)) === 409)
        await call('PATCH', `/eventTicketObject/${encode(eventTicketObject.id)}`, eventTicketObject);
    },
    async patchObject(id, changes) {
      const status = await call('PATCH', `/eventTicketObject/${encode(id)}`, changes);
      if (status === 409) throw new WalletApiError(`PATCH /eventTicketObject/${id}: HTTP 409`, 409);
    },
  };
}
