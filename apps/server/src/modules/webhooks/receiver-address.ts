/**
 * Where a webhook may be delivered in production: only to public addresses. A venue's manager
 * types the receiver's URL, and the server POSTs to it; without this, a URL naming a loopback,
 * private, link-local (the cloud's metadata service at 169.254.169.254) or otherwise reserved
 * address would let a venue's staff reach the deployment's own network. Checked twice: a URL
 * whose host is such an address (or `localhost`) is refused when it is registered, and every
 * delivery connects only to a public address, checked at the moment of connecting: the addresses
 * a name resolves to (so a name that later resolves elsewhere, DNS rebinding, is caught too), and
 * an address written in the URL, which is connected to without a lookup.
 *
 * An address is judged by its class (`ipaddr.js`), not by a list of prefixes kept here. IPv6
 * forms that carry an IPv4 address are judged by the IPv4 address they carry, since that is where
 * the packets end up: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d` (the kernel or a
 * translator may deliver it to a.b.c.d; `::127.0.0.1` is the server itself), NAT64's
 * `64:ff9b::/96` and `64:ff9b:1::/48`, and 6to4's `2002:AABB:CCDD::/48`. Anything else that is
 * not plain unicast (Teredo, ORCHID, discard, benchmarking, documentation…) is refused, and so is
 * an IPv6 address outside 2000::/3, the only block allocated for global unicast.
 */
import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_LOCAL_USE = ipaddr.parseCIDR('64:ff9b:1::/48');

/** The 32 bits of `parts` from 16-bit word `at` (two words) as an IPv4 address. */
function ipv4At(parts: number[], at: number): ipaddr.IPv4 {
  const high = parts[at] ?? 0;
  const low = parts[at + 1] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 address an IPv6 one carries, where the packets sent to it go; `undefined` for an
 * address that carries none; null for one whose embedded address cannot be told for certain.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const parts = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
      return address.toIPv4Address();
    case 'rfc6052':
      // The well-known prefix is always /96. The local-use block's operator picks a prefix length
      // (RFC 6052 §2.2) that moves the IPv4 address: only the /96 layout, whose other bits are
      // zero, says for certain where it goes.
      if (address.match(NAT64_LOCAL_USE) && parts.slice(3, 6).some((part) => part !== 0)) return null;
      return ipv4At(parts, 6);
    case '6to4':
      return ipv4At(parts, 1);
    default:
      // IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks). ipaddr.js reads
      // the dotted form as IPv4-mapped, but a URL's host arrives in hex (`[::127.0.0.1]` is
      // `::7f00:1`), which it calls plain unicast. `::` and `::1` land here too, judged as 0.0.0.0
      // and 0.0.0.1, both unspecified.
      return parts.slice(0, 6).every((part) => part === 0) ? ipv4At(parts, 6) : undefined;
  }
}

/** True for a unicast address on the public internet; an IPv6 address carrying an IPv4 one is judged as that. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const carried = embeddedIPv4(ipv6);
  if (carried === null) return false;
  if (carried !== undefined) return carried.range() === 'unicast';
  return ipv6.range() === 'unicast' && ipv6.match(GLOBAL_UNICAST);
}

/** A URL's host without the brackets of an IPv6 address, in lower case. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Why a receiver's URL names a host that is not public, or null: for hosts written as addresses, and `localhost`. */
export function privateHostOf(url: string): string | null {
  const host = bareHost(new URL(url).hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return host;
  return null;
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(host === address ? `${host} is not a public address` : `${host} resolves to ${address}, which is not a public address`);
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

const connectResolvingPublicOnly = buildConnector({ lookup: publicLookup as never });

/**
 * Every connection of production's deliveries: a name is resolved to public addresses only, and an
 * address written in the URL (which the socket connects to without a lookup) must be public itself.
 */
const connectPublicOnly: buildConnector.connector = (options, callback) => {
  const host = bareHost(options.hostname);
  if (ipaddr.isValid(host) && !isPublicAddress(host)) {
    callback(new PrivateAddressError(host, host), null);
    return;
  }
  connectResolvingPublicOnly(options, callback);
};

/** The connections of production's deliveries: public addresses only. */
export const publicOnlyDispatcher = new Agent({ connect: connectPublicOnly });
