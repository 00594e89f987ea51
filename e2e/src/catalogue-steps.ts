/**
 * What the catalogue journeys and screenshots share: dates counted in the venue's time zone, and a
 * picture to upload (a PNG written from bytes, so the browser tests need no image library).
 */
import { crc32, deflateSync } from 'node:zlib';
import { clock } from '@storefront/server/lib/clock';

export const VENUE_TIME_ZONE = 'Asia/Tokyo';

/** Today's date at the venue by the shop's clock (a journey's set instant, where it sets one), as YYYY-MM-DD. */
export const venueToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE }).format(clock.now());

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => iso(new Date(utc(date).getTime() + days * 86_400_000));

/** The same day `months` later (or the month's last day when it has none), as a calendar counts. */
export function addMonths(date: string, months: number): string {
  const day = utc(date);
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day.getUTCDate(), last));
  return iso(target);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (date: string) => utc(date).getUTCDay();

/** The first day of the month after the one `date` is in. */
export const nextMonthOf = (date: string) => addMonths(`${date.slice(0, 7)}-01`, 1);

/** A `width`×`height` PNG of a sea-blue gradient, as a file would hold it. */
export function gradientPng(width = 960, height = 640): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = Math.round((40 * x) / width);
      rows[row + 2 + x * 3] = Math.round(90 + (110 * y) / height);
      rows[row + 3 + x * 3] = Math.round(140 + (100 * x) / width);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
