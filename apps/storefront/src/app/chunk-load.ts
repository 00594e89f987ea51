/** Loading a screen's code: a chunk that has not arrived in 120 s fails (SPEC §2). */
import { CHUNK_LOAD_TIMEOUT_MS } from '@storefront/domain/constants';
import { CHUNK_LOAD_FAILED } from '@storefront/domain/errors/catalogue';

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(CHUNK_LOAD_FAILED)), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** True for a screen module that failed to load: timed out, or the network failed to fetch it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(CHUNK_LOAD_FAILED) || /dynamically imported module|Importing a module script failed/i.test(message);
}
