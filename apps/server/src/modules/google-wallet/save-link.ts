/**
 * The "Add to Google Wallet" link (decision 028): a JWT of type `savetowallet` signed RS256 with the
 * service account's key, naming objects already made through the REST API by id only, so the link
 * carries no ticket data and stays short.
 */

import { createPrivateKey, sign } from 'node:crypto';
import { clock } from '../../lib/clock.ts';

export const SAVE_URL_PREFIX = 'https://pay.google.com/gp/v/save/';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function saveJwt(
  account: { clientEmail: string; privateKey: string },
  origin: string,
  objectIds: string[],
  now = clock.now(),
): string {
  const header = { alg: 'RS256', typ: 'JWT' };
  const claims = {
    iss: account.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [origin],
    payload: { eventTicketObjects: objectIds.map((id) => ({ id })) },
  };
  const signed = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign('RSA-SHA256', Buffer.from(signed), createPrivateKey(account.privateKey)).toString('base64url');
  return `${signed}.${signature}`;
}

export function saveUrl(account: { clientEmail: string; privateKey: string }, origin: string, objectIds: string[]): string {
  return `${SAVE_URL_PREFIX}${saveJwt(account, origin, objectIds)}`;
}
