/**
 * A bench's PostgreSQL database, made for the run and dropped after it, also when the run passes
 * its time limit (its connections closed by force). The process exits non-zero when the run says
 * a goal was missed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` with the address of a new database named `<prefix>_<random>`; `work` answers whether the goals were met. */
export async function inThrowawayDatabase(
  options: { prefix: string; title: string; limitMs: number },
  work: (url: string) => Promise<boolean>,
): Promise<void> {
  const name = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  const drop = () => admin.query(`drop database if exists ${name} with (force)`);
  const limit = setTimeout(() => {
    console.error(`still running after ${options.limitMs / 1000} s, stopping.`);
    void drop()
      .catch(() => undefined)
      .finally(() => process.exit(1));
  }, options.limitMs);
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  console.log(`${options.title} — PostgreSQL, throwaway database ${name}`);
  let met = false;
  try {
    met = await work(url.toString());
  } finally {
    await drop();
    await admin.end();
    clearTimeout(limit);
  }
  if (!met) process.exitCode = 1;
}
