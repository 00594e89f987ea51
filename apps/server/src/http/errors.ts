import type { ErrorBody } from '@storefront/domain/api/common';
import { type ErrorCode, statusOf } from '@storefront/domain/errors/catalogue';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * A failure the client can act on. `body.error` is the exact text of SPEC §8 where the
 * spec has one (`out of stock`, `session_timeout`, …).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  constructor(statusCode: number, body: ErrorBody) {
    super(body.message ?? body.error);
    this.statusCode = statusCode;
    this.body = body;
  }

  /** The same failure with more SPEC §7 fields in its body (a payable's return fields, say). */
  with(fields: Omit<ErrorBody, 'error'>): AppError {
    return new AppError(this.statusCode, { ...this.body, ...fields });
  }
}

/** What a throw site may add to the body of its error; `status` only where the catalogue's would mislead. */
export type ErrorExtra = Omit<ErrorBody, 'error'> & { status?: number };

/**
 * The one way the server fails a request on purpose: the code names the SPEC §8 error (or a
 * generic one), whose HTTP status the domain catalogue gives; `can_retry` defaults to false.
 */
export function specError(code: ErrorCode, extra: ErrorExtra = {}): AppError {
  const { status, ...body } = extra;
  return new AppError(status ?? statusOf(code), { error: code, can_retry: false, ...body });
}

/** A request whose `field` is wrong (SPEC §7's generic error, naming the field). */
export const invalidField = (field: string, message: string) =>
  specError('invalid request', { field, message: `${field} ${message}` });

/**
 * PostgreSQL errors that a client's values can cause when they slip past a contract: a safety net
 * behind the schemas, which refuse these values first. Anything else from the database is the
 * server's own fault and stays a 500.
 */
const UNSTORABLE_CHARACTER = {
  status: 400,
  error: 'invalid request',
  can_retry: false,
  message: 'the request holds a character that cannot be stored',
};
const CLIENT_CAUSED_DATABASE_ERRORS: Record<string, ErrorBody & { status: number }> = {
  // untranslatable character (NUL in jsonb), character not in repertoire (NUL in text)
  '22P05': UNSTORABLE_CHARACTER,
  '22021': UNSTORABLE_CHARACTER,
  '22003': { status: 400, error: 'invalid request', can_retry: false, message: 'the request holds a number out of range' },
  '22P02': { status: 400, error: 'invalid request', can_retry: false, message: 'the request holds a value of the wrong kind' },
  '22001': { status: 400, error: 'invalid request', can_retry: false, message: 'the request holds a value that is too long' },
  // Two requests made the same record at once: the other one won, and this one may simply try again.
  '23505': {
    status: 409,
    error: 'conflict',
    can_retry: true,
    message: 'another request changed the same record at the same time',
  },
};

/** The SQLSTATE of a database error, looking through the query wrapper the ORM puts around it. */
function sqlState(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * The one error handler: known failures become the SPEC §7 error body, schema failures a 400
 * naming the field, and anything unexpected a 500 that tells nothing of the inside.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      let path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request');
      let message = first?.message ?? 'is not valid';
      if (first?.keyword === 'invalid_key') {
        // A record's key is what is wrong: name the record, and do not echo the key, which may hold the bad character.
        const reason = (first.params as { issues?: { message?: string }[] }).issues?.[0]?.message;
        path = path.split('.').slice(0, -1).join('.') || path;
        message = `has a key that is not valid${reason ? ` (${reason})` : ''}`;
      }
      return reply.code(400).send({
        error: 'invalid request',
        can_retry: false,
        field: path,
        message: `${path} ${message}`,
      } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, body too large…
      return reply.code(status).send({ error: 'invalid request', can_retry: false, message: error.message } satisfies ErrorBody);
    }
    const state = sqlState(error);
    const clientCaused = state ? CLIENT_CAUSED_DATABASE_ERRORS[state] : undefined;
    if (clientCaused) {
      // Logged: a value the contracts let through, or a race, says where a schema or a lock is missing.
      request.log.warn({ err: error, sqlState: state }, 'database refused a client value');
      const { status, ...body } = clientCaused;
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal error', can_retry: true } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      error: 'not found',
      can_retry: false,
      message: `${request.method} ${request.url.split('?')[0]} does not exist`,
    } satisfies ErrorBody);
  });
}
