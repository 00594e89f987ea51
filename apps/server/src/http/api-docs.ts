/** The OpenAPI document of every route, and where it is served (`/api/docs`) its pages. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocsDirectives } from './security-headers.ts';

/** Before any route, so that the document sees them all. */
export async function registerApiDocs(app: FastifyInstance, options: { served: boolean; isProduction: boolean }) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', description: 'Catalogue, orders and tickets of every venue', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  // The API's whole surface, for anyone to read: not in production unless asked for.
  if (options.served) {
    const directives = apiDocsDirectives({ isProduction: options.isProduction });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiHooks: {
        onRequest: async (_request, reply) => {
          reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
        },
      },
    });
  }
}
