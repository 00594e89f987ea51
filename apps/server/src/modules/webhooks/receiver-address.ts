/**
 * Where a webhook may be delivered in production: only to public addresses. A venue's manager
 * types the receiver's URL, and the server POSTs to it; without this, a URL naming a loopback,
 * private, link-local (the cloud's metadata service at 169.254.169.254) or otherwise reserved
 * address would let a venue's staff reach the deployment's own network. Checked twice: a URL
 * whose host is such an address (or `localhost`) is refused when it is registered, and every
 * delivery connects only to addresses its name resolves to that are public, checked at the moment
 * of connecting (so a name that later resolves elsewhere, DNS rebinding, is caught too).
 */
import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/** True for a unicast address on the public internet (IPv4-mapped IPv6 judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Why a receiver's URL names a host that is not public, or null: for hosts written as addresses, and `localhost`. */
export function privateHostOf(url: string): string | null {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return host;
  return null;
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A resolver that answers only public addresses, failing the connection otherwise. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** The connections of production's deliveries: names resolved to public addresses only. */
export const publicOnlyDispatcher = new Agent({ connect: { lookup: publicLookup as never } });
