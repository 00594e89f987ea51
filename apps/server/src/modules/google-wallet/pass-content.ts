/**
 * What a Google Wallet pass says (decision 028), as the REST API's resources: an event ticket
 * class per product and an event ticket object per admission. Pure: the caller reads the facts.
 */
import { LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import type { Site } from '../sites/site.ts';
import type { WalletAdmission } from '../tickets/wallet-admissions.ts';

type LocalizedString = {
  defaultValue: { language: string; value: string };
  translatedValues?: { language: string; value: string }[];
};

const tagOf = (code: string) => LANGUAGE_TAGS[code as LanguageCode] ?? code;

/** A text per language as the API's LocalizedString, led by `lang` where it has one; null when empty. */
function localizedString(text: Record<string, string>, lang: string): LocalizedString | null {
  const entries = Object.entries(text).filter(([, value]) => value.trim() !== '');
  const lead = entries.find(([code]) => code === lang) ?? entries.find(([code]) => code === 'ja') ?? entries[0];
  if (!lead) return null;
  const others = entries.filter((entry) => entry !== lead);
  return {
    defaultValue: { language: tagOf(lead[0]), value: lead[1] },
    ...(others.length > 0 ? { translatedValues: others.map(([code, value]) => ({ language: tagOf(code), value })) } : {}),
  };
}

/** An ISO 8601 time with the venue's offset (`2025-04-01T10:00:00+09:00`): Wallet shows it in the venue's time. */
function isoWithOffset(at: Date, timeZone: string): string {
  const zoneName =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = zoneName === 'GMT' ? '+00:00' : zoneName.replace('GMT', '');
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  const local = new Date(at.getTime() + sign * (hours * 60 + minutes) * 60_000);
  return `${local.toISOString().slice(0, 19)}${offset}`;
}

const classIdOf = (issuerId: string, site: Pick<Site, 'variant'>, productId: number) =>
  `${issuerId}.${site.variant.replace(/[^\w.-]/g, '_')}-product-${productId}`;

/** The admission's object as its holder holds it: a receiver of a share gets one of their own. */
export const objectIdOf = (issuerId: string, admission: Pick<WalletAdmission, 'id' | 'shareId'>) =>
  admission.shareId === null ? `${issuerId}.${admission.id}` : `${issuerId}.${admission.id}-${admission.shareId}`;

/** An absolute https address of the venue's header logo, when it has one Google can fetch. */
function logoOf(site: Site, publicUrl: string): string | null {
  const logo = site.logos.header;
  if (!logo) return null;
  try {
    const url = new URL(logo, publicUrl);
    return url.protocol === 'https:' && !url.pathname.endsWith('.svg') ? url.href : null;
  } catch {
    return null;
  }
}

export function eventTicketClass(
  issuerId: string,
  site: Site,
  product: { id: number; name: Record<string, string> },
  lang: string,
  publicUrl: string,
) {
  const venueName = localizedString(site.venue.name, lang);
  const venueAddress = localizedString(site.venue.address, lang);
  const logo = logoOf(site, publicUrl);
  return {
    id: classIdOf(issuerId, site, product.id),
    issuerName: venueName?.defaultValue.value || site.code,
    reviewStatus: 'UNDER_REVIEW',
    eventName: localizedString(product.name, lang) ?? { defaultValue: { language: tagOf(lang), value: String(product.id) } },
    ...(venueName && venueAddress ? { venue: { name: venueName, address: venueAddress } } : {}),
    ...(logo ? { logo: { sourceUri: { uri: logo } } } : {}),
  };
}

/** What changes when an admission moves or is cancelled: the state, its slot's times and its code. */
export function eventTicketObjectChanges(admission: WalletAdmission, site: Site) {
  return {
    state: admission.status === 'cancelled' ? 'INACTIVE' : 'ACTIVE',
    barcode: { type: 'QR_CODE', value: admission.code },
    validTimeInterval: {
      start: { date: isoWithOffset(admission.slot.startsAt, site.timeZone) },
      end: { date: isoWithOffset(admission.slot.endsAt, site.timeZone) },
    },
  } as const;
}

export function eventTicketObject(issuerId: string, classId: string, admission: WalletAdmission, site: Site) {
  const ticketType = localizedString(admission.optionName, admission.lang);
  return {
    id: objectIdOf(issuerId, admission),
    classId,
    ...eventTicketObjectChanges(admission, site),
    ...(ticketType ? { ticketType } : {}),
    ...(admission.reservationNumber ? { reservationInfo: { confirmationCode: admission.reservationNumber } } : {}),
  };
}
