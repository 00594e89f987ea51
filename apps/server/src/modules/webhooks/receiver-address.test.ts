/** Production's webhook deliveries reach public addresses only (`receiver-address.ts`). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, PrivateAddressError, privateHostOf, publicOnlyDispatcher } from './receiver-address.ts';

describe('a webhook receiver address', () => {
  it('is public only when it is a unicast address of the internet', () => {
    for (const address of ['8.8.8.8', '203.0.114.1', '2001:4860:4860::8888', '::ffff:8.8.4.4']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('names the host of a URL written with a non-public address or localhost', () => {
    expect(privateHostOf('http://localhost:3000/hook')).toBe('localhost');
    expect(privateHostOf('https://api.localhost/hook')).toBe('api.localhost');
    expect(privateHostOf('http://[::1]:8080/')).toBe('::1');
    expect(privateHostOf('http://192.168.0.10/')).toBe('192.168.0.10');
    expect(privateHostOf('https://hooks.example.com/in')).toBeNull();
    expect(privateHostOf('https://8.8.8.8/in')).toBeNull();
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
});
