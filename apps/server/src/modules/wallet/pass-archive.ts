/**
 * One admission as an Apple Wallet pass (decision 027): an event ticket in the venue's colours with
 * the product, the slot's date and times in the venue's time zone, the admission type and the
 * same signed QR code the ticket page shows; relevant at the slot's start, near the venue where it
 * has coordinates; signed with the deployment's pass certificate (passkit-generator writes the
 * manifest of SHA-1 hashes and its PKCS #7 detached signature).
 */
import { localize } from '@storefront/domain/localize';
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { AppleWalletConfig } from '../../config.ts';
import type { Site } from '../sites/site.ts';
import type { WalletAdmission } from '../tickets/wallet-admissions.ts';

type PassLook = { latitude: number | null; longitude: number | null };

export type PassInput = {
  config: AppleWalletConfig;
  site: Site;
  look: PassLook;
  admission: WalletAdmission;
  /** The pass no longer admits its holder: cancelled, or now held by someone else. */
  isVoided: boolean;
  authenticationToken: string;
  /** `<public URL>/wallet/apple`: where devices ask for updates. */
  webServiceUrl: string;
};

/** `#rrggbb` as the `rgb(r, g, b)` a pass's colours are written in; null for anything else. */
export function passColour(hex: string | undefined): string | null {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex?.trim() ?? '');
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16));
  return `rgb(${r}, ${g}, ${b})`;
}

let icons: Promise<Record<string, Buffer>> | null = null;

/** The pass's icon (the one image Wallet requires) at 1x, 2x and 3x: a plain ticket-coloured square, made once. */
function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= Promise.all(
    [29, 58, 87].map((size) =>
      sharp({ create: { width: size, height: size, channels: 4, background: { r: 32, g: 32, b: 32, alpha: 1 } } })
        .png()
        .toBuffer(),
    ),
  ).then(([one, two, three]) => ({ 'icon.png': one as Buffer, 'icon@2x.png': two as Buffer, 'icon@3x.png': three as Buffer }));
  return icons;
}

function formatted(date: Date, timeZone: string, lang: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(lang, { timeZone, ...options }).format(date);
}

/** The signed `.pkpass` archive. */
export async function buildPassArchive(input: PassInput): Promise<Buffer> {
  const { config, site, admission } = input;
  const lang = admission.lang;
  const venueName = localize(site.venue.name, lang);
  const foreground = passColour(site.theme.onPrimary) ?? 'rgb(255, 255, 255)';
  const pass = new PKPass(
    await passIcons(),
    {
      wwdr: config.wwdr,
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeIdentifier,
      teamIdentifier: config.teamIdentifier,
      serialNumber: admission.id,
      organizationName: venueName,
      description: `${venueName}: ${localize(admission.productName, lang)}`,
      logoText: venueName,
      backgroundColor: passColour(site.theme.primary) ?? 'rgb(0, 0, 0)',
      foregroundColor: foreground,
      labelColor: foreground,
      webServiceURL: input.webServiceUrl,
      authenticationToken: input.authenticationToken,
      sharingProhibited: true,
      voided: input.isVoided,
    },
  );
  pass.type = 'eventTicket';
  const { slot } = admission;
  const zone = site.timeZone;
  pass.primaryFields.push({ key: 'event', label: venueName, value: localize(admission.productName, lang) });
  pass.secondaryFields.push({
    key: 'date',
    label: 'Date',
    value: formatted(slot.startsAt, zone, lang, { dateStyle: 'medium' }),
  });
  if (!slot.isAllDay)
    pass.secondaryFields.push({
      key: 'time',
      label: 'Time',
      value: `${formatted(slot.startsAt, zone, lang, { timeStyle: 'short' })}–${formatted(slot.endsAt, zone, lang, { timeStyle: 'short' })}`,
    });
  pass.auxiliaryFields.push({ key: 'admission', label: 'Admission', value: localize(admission.optionName, lang) });
  pass.backFields.push(
    { key: 'venue', label: 'Venue', value: venueName },
    { key: 'address', label: 'Address', value: localize(site.venue.address, lang) },
  );
  // A void pass shows no code: its holder may no longer hold the admission, whose code is someone else's now.
  if (!input.isVoided) pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: admission.code, messageEncoding: 'iso-8859-1' });
  pass.setRelevantDate(slot.startsAt);
  if (input.look.latitude !== null && input.look.longitude !== null)
    pass.setLocations({ latitude: input.look.latitude, longitude: input.look.longitude, relevantText: venueName });
  return pass.getAsBuffer();
}
