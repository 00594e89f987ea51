/**
 * A local stand-in for exactly the Google endpoints Google Wallet passes call (decision 028), so
 * tests never reach the internet:
 *
 * - `POST /token`: OAuth 2.0's JWT bearer grant. The assertion must be an RS256 JWT signed with the
 *   service account's key (the test's public key verifies it), `iss` the account, `aud` Google's
 *   token endpoint, the Wallet issuer scope, and not expired; it answers an access token.
 * - Under `/walletobjects/v1`, with that token as `Bearer`: `POST /eventTicketClass` (409 when the id
 *   exists), `PUT /eventTicketClass/{id}`, `POST /eventTicketObject` (409 when it exists),
 *   `PATCH /eventTicketObject/{id}` (404 for an unknown one; the body's fields replace the object's).
 *   Anything else is 404; an unknown token 401.
 * - `failNext(n)` makes the next `n` API calls fail with a 503, as Google does when it is unwell.
 */
import { createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

export type FakeWalletRequest = { method: string; path: string; body: Json | null; status: number };

export type GoogleWalletFake = {
  /** The API's base (`…/walletobjects/v1`) and the token endpoint, for the server's configuration. */
  apiUrl: string;
  tokenUrl: string;
  classes: Map<string, Json>;
  objects: Map<string, Json>;
  /** Every API call (the token endpoint's too) in order of arrival, with the status answered. */
  requests: FakeWalletRequest[];
  /** Access tokens given out. */
  tokensIssued: number;
  failNext(count: number): void;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** The claims of an RS256 JWT whose signature `key` verifies; null otherwise. */
export function verifiedClaims(jwt: string, key: KeyObject | string): Json | null {
  const [header, claims, signature, ...rest] = jwt.split('.');
  if (!header || !claims || !signature || rest.length > 0) return null;
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (alg !== 'RS256') return null;
    const isValid = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      typeof key === 'string' ? createPublicKey(key) : key,
      Buffer.from(signature, 'base64url'),
    );
    return isValid ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Json) : null;
  } catch {
    return null;
  }
}

export async function startGoogleWalletFake(account: { clientEmail: string; publicKey: string }): Promise<GoogleWalletFake> {
  const classes = new Map<string, Json>();
  const objects = new Map<string, Json>();
  const requests: FakeWalletRequest[] = [];
  const tokens = new Set<string>();
  let failures = 0;

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    let body: Json | null = null;
    const answer = (status: number, json: Json) => {
      requests.push({ method, path, body, status });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };

    if (method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw);
      const claims =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer'
          ? verifiedClaims(form.get('assertion') ?? '', account.publicKey)
          : null;
      const now = Math.floor(Date.now() / 1000);
      if (
        !claims ||
        claims.iss !== account.clientEmail ||
        claims.aud !== GOOGLE_TOKEN_AUDIENCE ||
        !String(claims.scope ?? '')
          .split(' ')
          .includes(WALLET_SCOPE) ||
        typeof claims.exp !== 'number' ||
        claims.exp < now
      )
        return answer(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      const token = `ya29.${randomBytes(16).toString('base64url')}`;
      tokens.add(token);
      return answer(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }

    try {
      body = raw === '' ? null : (JSON.parse(raw) as Json);
    } catch {
      return answer(400, { error: { code: 400, message: 'Invalid JSON payload received.' } });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return answer(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    if (failures > 0) {
      failures -= 1;
      return answer(503, { error: { code: 503, message: 'The service is currently unavailable.' } });
    }
    const match = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)(?:\/([^/]+))?$/.exec(path);
    if (!match) return answer(404, { error: { code: 404, message: 'Not found' } });
    const [, kind, encodedId] = match;
    const store = kind === 'eventTicketClass' ? classes : objects;
    const id = encodedId === undefined ? String(body?.id ?? '') : decodeURIComponent(encodedId);
    if (!id) return answer(400, { error: { code: 400, message: 'Resource id is missing.' } });

    if (method === 'POST' && encodedId === undefined) {
      if (store.has(id)) return answer(409, { error: { code: 409, message: `Resource already exists: ${id}` } });
      store.set(id, body ?? {});
      return answer(200, body ?? {});
    }
    if ((method === 'PUT' && kind === 'eventTicketClass') || (method === 'PATCH' && kind === 'eventTicketObject')) {
      const known = store.get(id);
      if (!known) return answer(404, { error: { code: 404, message: `Resource not found: ${id}` } });
      const next = method === 'PUT' ? { ...(body ?? {}), id } : { ...known, ...(body ?? {}), id };
      store.set(id, next);
      return answer(200, next);
    }
    return answer(404, { error: { code: 404, message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const fake: GoogleWalletFake = {
    apiUrl: `${origin}/walletobjects/v1`,
    tokenUrl: `${origin}/token`,
    classes,
    objects,
    requests,
    get tokensIssued() {
      return tokens.size;
    },
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
