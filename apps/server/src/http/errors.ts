import type { ErrorBody } from '@storefront/domain/api/common';
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
}

export const notFound = (error: string, message?: string) =>
  new AppError(404, { error, can_retry: false, ...(message ? { message } : {}) });

export const badRequest = (field: string, message: string) =>
  new AppError(400, { error: 'invalid request', can_retry: false, field, message: `${field} ${message}` });

/**
 * The one error handler: known failures become the SPEC §7 error body, schema failures a 400
 * naming the field, and anything unexpected a 500 that tells nothing of the inside.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request');
      return reply.code(400).send({
        error: 'invalid request',
        can_retry: false,
        field: path,
        message: `${path} ${first?.message ?? 'is not valid'}`,
      } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, body too large…
      return reply.code(status).send({ error: 'invalid request', can_retry: false, message: error.message } satisfies ErrorBody);
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
