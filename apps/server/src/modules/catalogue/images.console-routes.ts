/**
 * A venue's images under `/console/api/v1/venues/:venue`: uploading one (the raw file as the body),
 * its alternative texts, and the venue's own pictures (the order page's hero, the header and footer
 * logos). Reading needs `catalogue:read`, changing `catalogue:write`; every change is audited in its
 * transaction, which also tells every process that the catalogue changed.
 */
import { ErrorBody } from '@storefront/domain/api/common';
import { ConsoleImage, ImageAltBody, VenueImages, VenueImagesBody } from '@storefront/domain/console/products';
import { IMAGE_CONTENT_TYPES, imageUrl, MAX_IMAGE_BYTES } from '@storefront/domain/images';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { setVenueLogos } from '../sites/set-venue-logos.ts';
import type { Site } from '../sites/site.ts';
import { venueOf } from '../sites/venue-request.ts';
import { authOf } from '../staff/console-request.ts';
import { configurations, images } from './catalogue.schema.ts';
import { type CatalogueConsoleContext, changeCatalogue } from './catalogue-changes.ts';
import { HERO_IMAGE_KEY } from './hero-image.ts';
import { consoleImageOf, findImages } from './image-views.ts';
import { requireVenueImage } from './product-rules.ts';
import { storeImage } from './store-image.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const tags = ['console: images'];
const read = { console: { right: 'catalogue:read', scope: 'venue' } } as const;
const write = { console: { right: 'catalogue:write', scope: 'venue' } } as const;
const VenueParams = z.object({ venue: z.string() });
const ImageParams = z.object({ venue: z.string(), id: z.uuid({ error: 'must be an image id' }) });

/** The image id in a logo address this console wrote (`/images/<id>/…`); null for any other address. */
const LOGO_IMAGE = /^\/images\/([0-9a-f-]{36})\//;
const imageIdOfLogo = (address: string | null) => (address ? (LOGO_IMAGE.exec(address)?.[1] ?? null) : null);

/** A logo is shown small: the 320-wide WebP (which keeps transparency), or the widest there is. */
function logoAddress(image: { id: string; widths: number[] }): string {
  return imageUrl(image.id, image.widths.find((w) => w >= 320) ?? image.widths.at(-1) ?? 0, 'webp');
}

async function heroImageId(db: Database, siteId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: configurations.value })
    .from(configurations)
    .where(and(eq(configurations.siteId, siteId), eq(configurations.key, HERO_IMAGE_KEY)));
  return typeof row?.value === 'string' ? row.value : null;
}

async function venueImagesOf(db: Database, site: Site, logos: Site['logos']): Promise<VenueImages> {
  const ids = { hero: await heroImageId(db, site.id), header: imageIdOfLogo(logos.header), footer: imageIdOfLogo(logos.footer) };
  const found = await findImages(db, site.id, [ids.hero, ids.header, ids.footer]);
  const view = (id: string | null) => {
    const image = id ? found.get(id) : undefined;
    return image ? consoleImageOf(image) : null;
  };
  return { hero: view(ids.hero), header_logo: view(ids.header), footer_logo: view(ids.footer) };
}

export const imageConsoleRoutes =
  (ctx: CatalogueConsoleContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Uploads are the file itself, in this plugin only: the rest of the console stays JSON.
    app.addContentTypeParser(
      [...IMAGE_CONTENT_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/venues/:venue/images',
      {
        config: write,
        bodyLimit: MAX_IMAGE_BYTES,
        schema: {
          tags,
          description: `The image file itself as the body (${IMAGE_CONTENT_TYPES.join(', ')}; at most 15 MB).`,
          params: VenueParams,
          response: { 201: ConsoleImage, ...errors },
        },
      },
      async (request, reply) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw invalidField('body', `must be the image file itself, sent as ${IMAGE_CONTENT_TYPES.join(', ')}`);
        }
        // Decoding and encoding take a while: done before the transaction, which only writes.
        // sharp is loaded by the first upload, not at start (decision 038).
        const { processImage } = await import('./process-image.ts');
        const processed = await processImage(request.body);
        const stored = await changeCatalogue(ctx, venue.id, async (tx) => {
          const row = await storeImage(tx, venue.id, processed);
          await recordAudit(tx, actor, {
            venue: { id: venue.id, code: venue.code },
            objectType: 'image',
            objectId: row.id,
            action: 'created',
            changes: {
              width: row.width,
              height: row.height,
              bytes: (request.body as Buffer).length,
              content_type: request.headers['content-type'],
            },
          });
          return row;
        });
        const image = (await findImages(ctx.db, venue.id, [stored.id])).get(stored.id);
        if (!image) throw new Error('the stored image was not found');
        return reply.code(201).send(consoleImageOf(image));
      },
    );

    app.get(
      '/venues/:venue/images/:id',
      { config: read, schema: { tags, params: ImageParams, response: { 200: ConsoleImage, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const image = (await findImages(ctx.db, venue.id, [request.params.id])).get(request.params.id);
        if (!image) throw specError('not found', { message: 'the venue has no such image' });
        return consoleImageOf(image);
      },
    );

    app.patch(
      '/venues/:venue/images/:id',
      { config: write, schema: { tags, params: ImageParams, body: ImageAltBody, response: { 200: ConsoleImage, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const alt = Object.fromEntries(Object.entries(request.body.alt).filter(([, text]) => !!text));
        await changeCatalogue(ctx, venue.id, async (tx) => {
          const [row] = await tx
            .update(images)
            .set({ alt })
            .where(and(eq(images.id, request.params.id), eq(images.siteId, venue.id)))
            .returning({ id: images.id });
          if (!row) throw specError('not found', { message: 'the venue has no such image' });
          await recordAudit(tx, actor, {
            venue: { id: venue.id, code: venue.code },
            objectType: 'image',
            objectId: row.id,
            action: 'updated',
            changes: { alt },
          });
        });
        const image = (await findImages(ctx.db, venue.id, [request.params.id])).get(request.params.id);
        if (!image) throw specError('not found', { message: 'the venue has no such image' });
        return consoleImageOf(image);
      },
    );

    app.get(
      '/venues/:venue/venue-images',
      { config: read, schema: { tags, params: VenueParams, response: { 200: VenueImages, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const [fresh] = (await ctx.sites.list()).filter((site) => site.id === venue.id);
        return venueImagesOf(ctx.db, venue, (fresh ?? venue).logos);
      },
    );

    app.put(
      '/venues/:venue/venue-images',
      { config: write, schema: { tags, params: VenueParams, body: VenueImagesBody, response: { 200: VenueImages, ...errors } } },
      async (request) => {
        const venue = venueOf(request);
        const { actor } = authOf(request);
        const body = request.body;
        const logos = await changeCatalogue(ctx, venue.id, async (tx) => {
          await requireVenueImage(tx, venue.id, 'hero', body.hero);
          await requireVenueImage(tx, venue.id, 'header_logo', body.header_logo);
          await requireVenueImage(tx, venue.id, 'footer_logo', body.footer_logo);
          if (body.hero !== undefined) {
            await tx
              .delete(configurations)
              .where(and(eq(configurations.siteId, venue.id), eq(configurations.key, HERO_IMAGE_KEY)));
            if (body.hero) await tx.insert(configurations).values({ siteId: venue.id, key: HERO_IMAGE_KEY, value: body.hero });
          }
          const chosen = await findImages(tx, venue.id, [body.header_logo, body.footer_logo]);
          const address = (id: string | null | undefined) => {
            const image = id ? chosen.get(id) : undefined;
            return image ? logoAddress(image) : null;
          };
          const written = await setVenueLogos(tx, venue.id, {
            ...(body.header_logo !== undefined ? { header: address(body.header_logo) } : {}),
            ...(body.footer_logo !== undefined ? { footer: address(body.footer_logo) } : {}),
          });
          await recordAudit(tx, actor, {
            venue: { id: venue.id, code: venue.code },
            objectType: 'venue_images',
            objectId: venue.id,
            action: 'updated',
            changes: { ...body },
          });
          return written;
        });
        return venueImagesOf(ctx.db, venue, logos);
      },
    );
  };
