import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { testAppleWalletConfig, testPassCertificates } from '../../../test/apple-wallet.ts';
import type { Site } from '../sites/site.ts';
import type { WalletAdmission } from '../tickets/wallet-admissions.ts';
import { buildPassArchive, passColour } from './pass-archive.ts';

const site = {
  id: 1,
  timeZone: 'Asia/Tokyo',
  theme: { primary: '#1a2b3c', onPrimary: '#ffffff', background: '#fff', text: '#000', accent: '#f00', logoSvg: '' },
  venue: {
    name: { en: 'Lab Museum', ja: 'ラボ美術館' },
    address: { en: '1-2-3 Ueno, Tokyo' },
    email: 'x@example.com',
    phone: '0',
  },
} as unknown as Site;

const admission: WalletAdmission = {
  id: '0b6f1c9e-5a0a-4d0e-9a39-2f4f0f7b9a11',
  siteId: 1,
  orderId: '5d1c3a52-3f0e-4a83-9a3a-7c1e2b4d5f60',
  productId: 7,
  reservationNumber: 'AB12C-DE34F',
  optionId: 11,
  lang: 'en',
  status: 'valid',
  generation: 2,
  shareId: null,
  productName: { en: 'Night at the museum' },
  optionName: { en: 'Adult' },
  // 10:00–11:00 in Tokyo.
  slot: {
    id: 42,
    date: '2031-05-06',
    startsAt: new Date('2031-05-06T01:00:00Z'),
    endsAt: new Date('2031-05-06T02:00:00Z'),
    isAllDay: false,
  },
  code: 'SF2.kid.body.signature',
};

function need(files: Map<string, Buffer>, name: string): Buffer {
  const found = files.get(name);
  if (!found) throw new Error(`the pass has no ${name}`);
  return found;
}

async function open(archive: Buffer) {
  const zip = await JSZip.loadAsync(archive);
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(zip.files)) {
    const content = await zip.file(name)?.async('nodebuffer');
    if (content) files.set(name, content);
  }
  return files;
}

describe('Apple Wallet pass archive', () => {
  it('is a signed archive whose manifest hashes every file, showing the admission in the venue’s time zone', async () => {
    const config = testAppleWalletConfig();
    const archive = await buildPassArchive({
      config,
      site,
      look: { latitude: 35.7148, longitude: 139.7737 },
      admission,
      isVoided: false,
      authenticationToken: 'a-token-of-sixteen-chars',
      webServiceUrl: 'https://shop.example/wallet/apple',
    });
    const files = await open(archive);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));

    const pass = JSON.parse(need(files, 'pass.json').toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.storefront',
      teamIdentifier: 'ABCDE12345',
      serialNumber: admission.id,
      organizationName: 'Lab Museum',
      webServiceURL: 'https://shop.example/wallet/apple',
      authenticationToken: 'a-token-of-sixteen-chars',
      backgroundColor: 'rgb(26, 43, 60)',
      voided: false,
      relevantDate: expect.stringMatching(/^2031-05-06T01:00:00(\.000)?Z$|^2031-05-06T10:00:00\+09:00$/),
      locations: [{ latitude: 35.7148, longitude: 139.7737, relevantText: 'Lab Museum' }],
      barcodes: [{ format: 'PKBarcodeFormatQR', message: admission.code, messageEncoding: 'iso-8859-1' }],
    });
    expect(new Date(pass.relevantDate).getTime()).toBe(admission.slot.startsAt.getTime());
    const fields = pass.eventTicket;
    expect(fields.primaryFields[0]).toMatchObject({ key: 'event', value: 'Night at the museum' });
    expect(fields.secondaryFields).toEqual([
      expect.objectContaining({ key: 'date', value: 'May 6, 2031' }),
      expect.objectContaining({ key: 'time', value: '10:00 AM–11:00 AM' }),
    ]);
    expect(fields.auxiliaryFields[0]).toMatchObject({ key: 'admission', value: 'Adult' });

    // Every file but the manifest and signature is in the manifest, with its SHA-1.
    const manifest = JSON.parse(need(files, 'manifest.json').toString('utf8')) as Record<string, string>;
    const hashed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature' && !name.endsWith('/'));
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) expect(manifest[name], name).toBe(createHash('sha1').update(need(files, name)).digest('hex'));

    // The signature is PKCS #7 signed data by our signer, detached (no content of its own) ...
    const signature = need(files, 'signature');
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(signature.toString('binary'))));
    const signed = p7 as unknown as forge.pkcs7.PkcsSignedData & { type: string; rawCapture: { content?: unknown } };
    expect(signed.type).toBe(forge.pki.oids.signedData);
    expect(signed.rawCapture.content).toBeUndefined();
    const certs = testPassCertificates();
    expect(signed.certificates.map((c) => c.subject.getField('CN').value)).toContain('Pass Type ID: pass.test.storefront');

    // ... and it verifies over manifest.json against the WWDR stand-in (openssl, as in the TLS helper).
    const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
    try {
      writeFileSync(join(dir, 'manifest.json'), need(files, 'manifest.json'));
      writeFileSync(join(dir, 'signature'), signature);
      writeFileSync(join(dir, 'ca.pem'), certs.wwdr);
      const verify = (content: string) =>
        execFileSync(
          'openssl',
          [
            'cms',
            '-verify',
            '-binary',
            '-inform',
            'DER',
            '-in',
            join(dir, 'signature'),
            '-content',
            content,
            '-CAfile',
            join(dir, 'ca.pem'),
            '-purpose',
            'any',
            '-out',
            join(dir, 'out'),
          ],
          { stdio: 'pipe' },
        );
      expect(() => verify(join(dir, 'manifest.json'))).not.toThrow();
      writeFileSync(join(dir, 'tampered.json'), `${need(files, 'manifest.json').toString('utf8')} `);
      expect(() => verify(join(dir, 'tampered.json'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('voids a pass and shows no code once the admission no longer admits its holder; no location without coordinates', async () => {
    const archive = await buildPassArchive({
      config: testAppleWalletConfig(),
      site,
      look: { latitude: null, longitude: null },
      admission: { ...admission, status: 'cancelled' },
      isVoided: true,
      authenticationToken: 'a-token-of-sixteen-chars',
      webServiceUrl: 'https://shop.example/wallet/apple',
    });
    const pass = JSON.parse(need(await open(archive), 'pass.json').toString('utf8'));
    expect(pass.voided).toBe(true);
    expect(pass.locations ?? []).toEqual([]);
    expect(pass.barcodes ?? []).toEqual([]);
  });

  it('writes colours as rgb()', () => {
    expect(passColour('#00ff80')).toBe('rgb(0, 255, 128)');
    expect(passColour('blue')).toBeNull();
  });
});
