/**
 * Fastify fails closed on a bare hop count (it cannot tell a proxy from a client that writes the
 * header itself); a configured count means the operator vouches that only proxies reach the
 * server, so the nearest `hops` addresses are trusted (proxy-addr counts the socket peer as 0).
 */
export function trustProxyOf(setting: false | string[] | number) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
