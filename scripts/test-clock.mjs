#!/usr/bin/env node
// `npm run test:clock`: the tests at the hours that have broken them before. Each run sets the
// clock of every process the suite starts — the test runner, the servers, embedded PGlite and
// Chromium — with libfaketime (Debian's package faketime), to a venue-time instant of today or
// the last day of this month, and lets it run on from there. PostgreSQL is a separate server whose
// clock cannot be set, so these runs use PGlite only; `npm test` runs both engines at the real time.
// Suites that set their own instant (decision 037, `wallClock`) run at it whatever the hour here:
// these runs are for the rest, and for what the product does at those hours.
//
//   npm run test:clock                      every instant, the whole suite (after one build)
//   npm run test:clock -- --at 05:00 e2e/   one instant, vitest's filters after it
//   npm run test:clock -- --no-build …      the builds in apps/*/dist are current
import { spawnSync } from 'node:child_process';
import { requireNode } from './node-version.mjs';
import { root } from './run-steps.mjs';

requireNode();

/** The demo venues' time zone: what "the venue's day" means for the seeded catalogue. */
const VENUE_TIME_ZONE = 'Asia/Tokyo';

const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  if (at < 0) return null;
  const [, value] = args.splice(at, 2);
  return value ?? null;
};
const only = take('--at');
const build = !args.includes('--no-build');
const filters = args.filter((arg) => arg !== '--no-build');

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('test:clock needs libfaketime: apt-get install -y faketime');
  process.exit(1);
}

/** `yyyy-mm-dd` of an instant in the venue's time zone. */
const venueDay = (instant) => new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE }).format(instant);

/** The instant of a venue-local wall time, at the zone's offset on that day ("GMT+09:00"). */
function venueInstant(day, time) {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: VENUE_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = zone === 'GMT' || !zone ? 'Z' : zone.slice(3);
  return new Date(`${day}T${time}:00${offset}`);
}

const today = venueDay(new Date());
const [year, month] = today.split('-').map(Number);
const lastOfMonth = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const instants = [
  ['00:30', today, 'just after midnight: yesterday is over, today has begun'],
  ['05:00', today, 'before the venues open'],
  ['09:00', today, 'opening'],
  ['20:00', today, 'after the last slot'],
  ['23:50', today, 'ten minutes before tomorrow'],
  ['12:00', lastOfMonth, 'the last day of the month'],
]
  .filter(([time]) => !only || time === only)
  .map(([time, day, why]) => ({ label: `${day} ${time} ${VENUE_TIME_ZONE}`, at: venueInstant(day, time), why }));
if (instants.length === 0) {
  console.error(`--at takes one of 00:30, 05:00, 09:00, 20:00, 23:50, 12:00 (the last day of the month)`);
  process.exit(1);
}

if (build) {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The instant as libfaketime's offset from the real clock, in seconds. An offset, not a start time
 * ("@…"): libfaketime starts a start time anew in every process, so a server or an openssl started
 * ten minutes into the run would be ten minutes behind the runner; an offset keeps them all on one clock.
 */
const offsetTo = (instant) => {
  const seconds = Math.round((instant.getTime() - Date.now()) / 1000);
  return seconds >= 0 ? `+${seconds}` : String(seconds);
};

const outcomes = [];
for (const { label, at, why } of instants) {
  console.log(`\n▶ tests with the clock at ${label} (${at.toISOString()}): ${why}`);
  const env = {
    ...process.env,
    // File times stay real for the build and type-check caches.
    NO_FAKE_STAT: '1',
  };
  delete env.TEST_DATABASE_URL;
  const started = performance.now();
  const result = spawnSync('faketime', ['-f', offsetTo(at), 'npx', 'vitest', 'run', ...filters], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  outcomes.push({ label, passed: result.status === 0, minutes });
}

console.log('\nThe clock runs:');
for (const { label, passed, minutes } of outcomes) console.log(`${passed ? '✔' : '✖'} ${label} (${minutes} min)`);
process.exit(outcomes.every((outcome) => outcome.passed) ? 0 : 1);
