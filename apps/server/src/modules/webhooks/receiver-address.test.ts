/** Production's webhook deliveries reach public addresses only (`receiver-address.ts`). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, PrivateAddressError, privateHostOf, publicOnlyDispatcher } from './receiver-address.ts';

describe('a webhook receiver address', () => {
  /** Each address, what it is, and whether a webhook may be delivered there. */
  const ADDRESSES: [address: string, what: string, isPublic: boolean][] = [
    // Public unicast, in each of the forms below: accepted.
    ['8.8.8.8', 'public IPv4', true],
    ['1.1.1.1', 'public IPv4', true],
    ['203.0.114.1', 'public IPv4 just past a documentation range', true],
    ['100.128.0.1', 'public IPv4 just past carrier-grade NAT', true],
    ['2001:4860:4860::8888', 'public IPv6', true],
    ['2606:4700:4700::1111', 'public IPv6', true],
    ['::ffff:8.8.4.4', 'IPv4-mapped public', true],
    ['::8.8.4.4', 'IPv4-compatible public', true],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address', true],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64 (/96) of a public address', true],
    ['2002:808:808::1', '6to4 of a public address', true],
    // Loopback, in every form.
    ['127.0.0.1', 'loopback', false],
    ['127.255.0.1', 'loopback', false],
    ['::1', 'IPv6 loopback', false],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback', false],
    ['::127.0.0.1', 'IPv4-compatible loopback', false],
    ['::7f00:1', 'IPv4-compatible loopback, in hex', false],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback', false],
    ['64:ff9b:1::127.0.0.1', 'local-use NAT64 of loopback', false],
    ['2002:7f00:1::', '6to4 of loopback', false],
    ['2002:7f00:1:1234::5', '6to4 of loopback, with a subnet', false],
    // Private networks.
    ['10.0.0.1', 'private', false],
    ['172.16.5.4', 'private', false],
    ['192.168.1.1', 'private', false],
    ['fd00::1', 'unique local', false],
    ['fec0::1', 'site-local (deprecated)', false],
    ['::ffff:10.0.0.1', 'IPv4-mapped private', false],
    ['::10.0.0.1', 'IPv4-compatible private', false],
    ['::192.168.0.1', 'IPv4-compatible private', false],
    ['64:ff9b::10.0.0.1', 'NAT64 of private', false],
    ['64:ff9b:1::192.168.0.1', 'local-use NAT64 of private', false],
    ['2002:c0a8:1::', '6to4 of private', false],
    ['2002:a00:1::1', '6to4 of private', false],
    // Link-local: the cloud's metadata service.
    ['169.254.169.254', 'link-local', false],
    ['fe80::1', 'IPv6 link-local', false],
    ['fe80::1%eth0', 'IPv6 link-local with a zone', false],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local', false],
    ['::169.254.169.254', 'IPv4-compatible link-local', false],
    ['64:ff9b::169.254.169.254', 'NAT64 of link-local', false],
    ['2002:a9fe:a9fe::', '6to4 of link-local', false],
    // Carrier-grade NAT.
    ['100.64.0.1', 'carrier-grade NAT', false],
    ['100.127.255.254', 'carrier-grade NAT', false],
    ['::100.64.0.1', 'IPv4-compatible carrier-grade NAT', false],
    ['64:ff9b::100.64.0.1', 'NAT64 of carrier-grade NAT', false],
    ['2002:6440:1::', '6to4 of carrier-grade NAT', false],
    // Multicast and broadcast.
    ['224.0.0.1', 'multicast', false],
    ['239.255.255.250', 'multicast', false],
    ['255.255.255.255', 'broadcast', false],
    ['ff02::1', 'IPv6 multicast', false],
    ['::ffff:224.0.0.1', 'IPv4-mapped multicast', false],
    ['::224.0.0.1', 'IPv4-compatible multicast', false],
    ['2002:e000:1::', '6to4 of multicast', false],
    // Reserved and special-purpose.
    ['240.0.0.1', 'reserved (class E)', false],
    ['192.0.0.8', 'IETF protocol assignments', false],
    ['198.18.0.1', 'benchmarking', false],
    ['192.88.99.1', '6to4 relay anycast', false],
    ['100::1', 'IPv6 discard', false],
    ['2001::1', 'Teredo', false],
    ['2001:2::1', 'IPv6 benchmarking', false],
    ['2001:10::1', 'ORCHID', false],
    ['5f00::1', 'segment routing', false],
    ['4000::1', 'IPv6 outside global unicast', false],
    ['::ffff:0:127.0.0.1', 'IPv4-translated (SIIT)', false],
    ['64:ff9b:1:a00:1::8.8.8.8', 'local-use NAT64 whose prefix length cannot be told', false],
    ['::240.0.0.1', 'IPv4-compatible reserved', false],
    // Unspecified.
    ['0.0.0.0', 'unspecified', false],
    ['0.1.2.3', 'this network', false],
    ['::', 'IPv6 unspecified', false],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified', false],
    ['64:ff9b::', 'NAT64 of unspecified', false],
    ['2002::', '6to4 of unspecified', false],
    // Documentation.
    ['192.0.2.1', 'documentation (TEST-NET-1)', false],
    ['198.51.100.7', 'documentation (TEST-NET-2)', false],
    ['203.0.113.9', 'documentation (TEST-NET-3)', false],
    ['2001:db8::1', 'IPv6 documentation', false],
    ['3fff::1', 'IPv6 documentation (2024)', false],
    ['::192.0.2.1', 'IPv4-compatible documentation', false],
    ['64:ff9b::203.0.113.9', 'NAT64 of documentation', false],
    ['2002:c000:201::', '6to4 of documentation', false],
    // Not an address at all.
    ['not an address', 'text', false],
    ['', 'nothing', false],
  ];

  it.each(ADDRESSES)('judges %s (%s): public %s', (address, _what, isPublic) => {
    expect(isPublicAddress(address)).toBe(isPublic);
  });

  it('names the host of a URL written with a non-public address or localhost', () => {
    expect(privateHostOf('http://localhost:3000/hook')).toBe('localhost');
    expect(privateHostOf('https://api.localhost/hook')).toBe('api.localhost');
    expect(privateHostOf('http://[::1]:8080/')).toBe('::1');
    expect(privateHostOf('http://192.168.0.10/')).toBe('192.168.0.10');
    expect(privateHostOf('https://hooks.example.com/in')).toBeNull();
    expect(privateHostOf('https://8.8.8.8/in')).toBeNull();
    // An IPv6 address carrying loopback, however written (the URL normalises it to hex).
    expect(privateHostOf('https://[::127.0.0.1]:4110/')).toBe('::7f00:1');
    expect(privateHostOf('https://[::ffff:127.0.0.1]/')).toBe('::ffff:7f00:1');
    expect(privateHostOf('https://[64:ff9b::127.0.0.1]/')).toBe('64:ff9b::7f00:1');
    expect(privateHostOf('https://[2002:7f00:1::]/')).toBe('2002:7f00:1::');
    expect(privateHostOf('https://0x7f.1/')).toBe('127.0.0.1');
    expect(privateHostOf('https://[2606:4700:4700::1111]/')).toBeNull();
  });

  it('connects only to public addresses: a name that resolves to this machine is refused before anything is sent', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Reachable without the guard, so the refusal below is the guard's.
      expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
      expect(requests).toBe(1);
      const refused = await fetch(`http://localhost:${port}/`, { dispatcher: publicOnlyDispatcher }).then(
        () => null,
        (error: Error) => error.cause,
      );
      expect(refused).toBeInstanceOf(PrivateAddressError);
      expect((refused as Error).message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/);
      expect(requests).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('connects to no address written in the URL that is not public, though no name is looked up', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Reachable without the guard, so the refusals below are the guard's.
      expect((await fetch(`http://[::ffff:127.0.0.1]:${port}/`)).status).toBe(200);
      expect(requests).toBe(1);
      // The socket connects to an address without a lookup: the dispatcher judges it itself.
      for (const host of ['[::127.0.0.1]', '127.0.0.1', '[::ffff:127.0.0.1]', '[64:ff9b::169.254.169.254]', '[2002:7f00:1::]']) {
        const refused = await fetch(`http://${host}:${port}/`, { dispatcher: publicOnlyDispatcher }).then(
          () => null,
          (error: Error) => error.cause,
        );
        expect(refused, host).toBeInstanceOf(PrivateAddressError);
        expect((refused as Error).message, host).toMatch(/^[0-9a-f:.]+ is not a public address$/);
      }
      expect(requests).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
