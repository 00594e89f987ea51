/**
 * Apple Wallet test support (decision 027): a pass certificate made here (a self-signed CA standing
 * in for Apple's WWDR, and a signer certificate it issued), and a local fake of APNs that records
 * the pushes it receives.
 */
import { once } from 'node:events';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import type { AppleWalletConfig } from '../src/config.ts';
import { loopbackCertificate } from './tls.ts';

export type TestPassCertificates = { wwdr: string; signerCert: string; signerKey: string; caCert: forge.pki.Certificate };

function certificate(
  subject: string,
  keys: forge.pki.KeyPair,
  issuer: { cert: forge.pki.Certificate | null; key: forge.pki.rsa.PrivateKey },
  isCa: boolean,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 86_400_000);
  const attrs = [{ name: 'commonName', value: subject }];
  cert.setSubject(attrs);
  cert.setIssuer(issuer.cert ? issuer.cert.subject.attributes : attrs);
  cert.setExtensions(
    isCa
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [{ name: 'basicConstraints', cA: false }],
  );
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

/**
 * Whether node-forge, which the pass signer uses to read the certificates and embed them in the
 * signature, writes this one back byte for byte. About one certificate in three hundred it does
 * not (a signature whose random bytes happen to read as DER is written back shorter), and openssl
 * then finds the embedded certificate's signature bad.
 */
function survivesForge(cert: forge.pki.Certificate): boolean {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const read = forge.pki.certificateFromAsn1(forge.asn1.fromDer(der));
  return forge.asn1.toDer(forge.pki.certificateToAsn1(read)).getBytes() === der;
}

/** `certificate`, signed again (a new serial number, so a new signature) until node-forge reads it back unchanged. */
function stableCertificate(...args: Parameters<typeof certificate>): forge.pki.Certificate {
  for (;;) {
    const cert = certificate(...args);
    if (survivesForge(cert)) return cert;
  }
}

let made: TestPassCertificates | null = null;

/** A WWDR stand-in and a pass signer certificate it issued, made once per test process. */
export function testPassCertificates(): TestPassCertificates {
  if (made) return made;
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const caCert = stableCertificate('Test WWDR', caKeys, { cert: null, key: caKeys.privateKey }, true);
  const signerKeys = forge.pki.rsa.generateKeyPair(2048);
  const signer = stableCertificate(
    'Pass Type ID: pass.test.storefront',
    signerKeys,
    { cert: caCert, key: caKeys.privateKey },
    false,
  );
  made = {
    wwdr: forge.pki.certificateToPem(caCert),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
    caCert,
  };
  return made;
}

export function testAppleWalletConfig(apnsUrl = 'https://127.0.0.1:9', apnsCa?: string): AppleWalletConfig {
  const certs = testPassCertificates();
  return {
    passTypeIdentifier: 'pass.test.storefront',
    teamIdentifier: 'ABCDE12345',
    signerCert: certs.signerCert,
    signerKey: certs.signerKey,
    wwdr: certs.wwdr,
    apnsUrl,
    ...(apnsCa ? { apnsCa } : {}),
  };
}

export type ApnsPush = { path: string; topic: string | undefined; body: string };

/** APNs on 127.0.0.1 over HTTP/2 and TLS (the loopback certificate): records each push and answers 200. */
export async function startApnsFake(): Promise<{ url: string; ca: string; pushes: ApnsPush[]; close(): Promise<void> }> {
  const tls = loopbackCertificate();
  const pushes: ApnsPush[] = [];
  const server: Http2SecureServer = createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: false });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      pushes.push({ path: String(headers[':path']), topic: headers['apns-topic'] as string | undefined, body });
      stream.respond({ ':status': 200 });
      stream.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: tls.cert,
    pushes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
