import { MAX_IMAGE_BYTES } from '@storefront/domain/images';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

type Image = { id: string; width: number; height: number; widths: number[]; alt: Record<string, string>; preview_url: string };
type ShopImage = { id: string; width: number; height: number; alt: string; src: string; srcset: Record<string, string> };

/** A real photograph-sized PNG, made here: a gradient with a transparent corner. */
const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 120, b: 200, alpha: 1 } } })
    .composite([
      {
        input: Buffer.from([255, 0, 0, 0]),
        raw: { width: 1, height: 1, channels: 4 },
        tile: true,
        blend: 'dest-in',
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

describeEachEngine('console images', (ctx) => {
  const server = useTestApp(ctx);

  /** Sends a file as the console does: the bytes as the body, with the session and XSRF pair. */
  const upload = async (client: ConsoleClient, bytes: Buffer, contentType: string) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/console/api/v1/venues/demo/images',
      headers: {
        cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': client.jar.get('XSRF-TOKEN') ?? '',
        'content-type': contentType,
      },
      payload: bytes,
    });
    return { status: response.statusCode, body: response.json() as Image & { field?: string; error?: string } };
  };
  async function editor() {
    const demo = (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;
    const team = await makeTeam(ctx.db, { rights: ['catalogue:write'], venueIds: [demo] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, member.email);
    return { client, member };
  }

  it('turns an uploaded PNG into AVIF, WebP and JPEG sizes served with immutable caching, and audits it', async () => {
    const { client, member } = await editor();
    const uploaded = await upload(client, await makePng(800, 600), 'image/png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ width: 800, height: 600, widths: [320, 640] });
    const variants = await rows<{ width: number; format: string }>(
      ctx.db,
      sql`select width, format from image_variants where image_id = ${uploaded.body.id} order by width, format`,
    );
    expect(variants).toEqual([320, 640].flatMap((width) => ['avif', 'jpeg', 'webp'].map((format) => ({ width, format }))));
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const served = await server.app.inject({ method: 'GET', url: `/images/${uploaded.body.id}/640.${format}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
      expect(meta.width).toBe(640);
      expect(meta.exif).toBeUndefined();
      const again = await server.app.inject({
        method: 'GET',
        url: `/images/${uploaded.body.id}/640.${format}`,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    const [entry] = await rows<{ action: string; actor_id: number }>(
      ctx.db,
      sql`select action, actor_id from audit_log where object_type = 'image' and object_id = ${uploaded.body.id}`,
    );
    expect(entry).toEqual({ action: 'created', actor_id: member.id });
  });

  it('answers 404 JSON for an unknown image or size', async () => {
    const { client } = await editor();
    const uploaded = await upload(client, await makePng(400, 300), 'image/png');
    expect(uploaded.body.widths).toEqual([320]);
    for (const url of [
      `/images/${uploaded.body.id}/1920.jpeg`,
      `/images/${uploaded.body.id}/320.gif`,
      '/images/00000000-0000-4000-8000-000000000000/320.jpeg',
      '/images/not-an-id/320.jpeg',
    ]) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ error: 'not found' });
    }
  });

  it('turns a photograph upright by its EXIF orientation and keeps none of its metadata', async () => {
    const { client } = await editor();
    // Stored 600×400, tagged "rotate 90°": it is a 400×600 picture.
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const uploaded = await upload(client, photo, 'image/jpeg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ width: 400, height: 600, widths: [320] });
    const served = await server.app.inject({ method: 'GET', url: `/images/${uploaded.body.id}/320.jpeg` });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([320, 480, undefined, undefined]);
  });

  it('refuses a file that is not an image with 400 naming the body, and one over 15 MB with 413, writing nothing', async () => {
    const { client } = await editor();
    const count = async () => (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from images`))[0]?.n ?? 0;
    const before = await count();
    const text = await upload(client, Buffer.from('this is not a picture at all'), 'image/png');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: 'invalid request', field: 'body' });
    const truncated = (await makePng(800, 600)).subarray(0, 200);
    expect((await upload(client, truncated, 'image/png')).body).toMatchObject({ field: 'body' });
    const huge = await upload(client, Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), 'image/jpeg');
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ error: 'invalid request' });
    expect(await count()).toBe(before);
  });

  it('refuses an upload without catalogue:write', async () => {
    const demo = (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;
    const readers = await makeTeam(ctx.db, { rights: ['catalogue:read'], venueIds: [demo] });
    const reader = await makeStaff(ctx.db, { teamIds: [readers.id] });
    const client = consoleClient(server.app);
    await signIn(client, reader.email);
    expect((await upload(client, await makePng(400, 300), 'image/png')).status).toBe(403);
  });

  it('shows a product image, the hero and the logos in the shop at once, with alt text per language', async () => {
    const { client } = await editor();
    const picture = await upload(client, await makePng(1000, 500), 'image/png');
    expect(picture.body.widths).toEqual([320, 640, 960]);
    const alt = await client.patch<Image>(`venues/demo/images/${picture.body.id}`, {
      alt: { ja: '夜の展示室', en: 'The gallery at night' },
    });
    expect(alt.body.alt).toEqual({ ja: '夜の展示室', en: 'The gallery at night' });
    const api = apiFor(server.app, 'demo');
    const [product] = (await api.get<{ id: number; uuid: string }[]>('products?lang=en')).body;
    const set = await client.patch(`venues/demo/products/${product?.id}`, { image_id: picture.body.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const shown = (await api.get<{ uuid: string; image: ShopImage }[]>('products?lang=en')).body.find(
      (p) => p.uuid === product?.uuid,
    );
    expect(shown?.image).toEqual({
      id: picture.body.id,
      width: 1000,
      height: 500,
      alt: 'The gallery at night',
      src: `/images/${picture.body.id}/640.jpeg`,
      srcset: {
        avif: `/images/${picture.body.id}/320.avif 320w, /images/${picture.body.id}/640.avif 640w, /images/${picture.body.id}/960.avif 960w`,
        webp: `/images/${picture.body.id}/320.webp 320w, /images/${picture.body.id}/640.webp 640w, /images/${picture.body.id}/960.webp 960w`,
        jpeg: `/images/${picture.body.id}/320.jpeg 320w, /images/${picture.body.id}/640.jpeg 640w, /images/${picture.body.id}/960.jpeg 960w`,
      },
    });

    const logo = await upload(client, await makePng(400, 100), 'image/png');
    const venue = await client.put<Record<string, Image | null>>('venues/demo/venue-images', {
      hero: picture.body.id,
      header_logo: logo.body.id,
    });
    expect(venue.status, JSON.stringify(venue.body)).toBe(200);
    expect(venue.body).toMatchObject({ hero: { id: picture.body.id }, header_logo: { id: logo.body.id }, footer_logo: null });
    const config = (
      await api.get<{ heroImage: { id: string; alt: Record<string, string> } | null; logos: { header: string | null } }>(
        'configurations',
      )
    ).body;
    expect(config.heroImage).toMatchObject({ id: picture.body.id, alt: { en: 'The gallery at night' } });
    expect(config.logos.header).toBe(`/images/${logo.body.id}/320.webp`);
    expect((await server.app.inject({ method: 'GET', url: config.logos.header ?? '' })).statusCode).toBe(200);
    const read = await client.get<Record<string, Image | null>>('venues/demo/venue-images');
    expect(read.body).toMatchObject({ hero: { id: picture.body.id }, header_logo: { id: logo.body.id } });

    const cleared = await client.put('venues/demo/venue-images', { hero: null, header_logo: null });
    expect(cleared.body).toMatchObject({ hero: null, header_logo: null });
    const after = (await api.get<{ heroImage: unknown; logos: { header: string | null } }>('configurations')).body;
    expect(after).toMatchObject({ heroImage: null, logos: { header: null } });
    const audit = await rows<{ action: string }>(ctx.db, sql`select action from audit_log where object_type = 'venue_images'`);
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const foreign = await client.put('venues/demo/venue-images', { footer_logo: '00000000-0000-4000-8000-000000000000' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ field: 'footer_logo' });
  });
});
