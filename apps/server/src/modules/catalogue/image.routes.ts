/**
 * The shop's images, public: `/images/:id/:width.:format`. A served size never changes once
 * written (a new picture is a new id), so browsers and caches keep it for a year.
 */
import { IMAGE_FORMATS, type ImageFormat } from '@storefront/domain/images';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { imageVariants } from './catalogue.schema.ts';

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const FILE = new RegExp(`^([1-9][0-9]{0,4})\\.(${IMAGE_FORMATS.join('|')})$`);

export const imageRoutes =
  (db: Database): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/images/:id/:file',
      {
        schema: {
          tags: ['images'],
          params: z.object({ id: z.string(), file: z.string() }),
        },
      },
      async (request, reply) => {
        const file = FILE.exec(request.params.file);
        const id = request.params.id;
        const noSuchImage = () => specError('not found', { message: 'there is no such image or size' });
        if (!file || !z.uuid().safeParse(id).success) throw noSuchImage();
        const width = Number(file[1]);
        const format = file[2] as ImageFormat;
        const etag = `"${id}-${width}-${format}"`;
        const [row] = await db
          .select({ bytes: imageVariants.bytes })
          .from(imageVariants)
          .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, width), eq(imageVariants.format, format)));
        if (!row) throw noSuchImage();
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', etag)
          .header('content-type', CONTENT_TYPES[format]);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(Buffer.from(row.bytes));
      },
    );
  };
