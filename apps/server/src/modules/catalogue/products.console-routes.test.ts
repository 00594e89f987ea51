import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody } from '../../../test/orders.ts';
import { rows } from '../../db/rows.ts';

type Product = {
  id: number;
  uuid: string;
  key: string;
  name: Record<string, string>;
  is_archived: boolean;
  sales_channels: string[];
  options: { id: number; key: string; name: Record<string, string>; price: number; type: string }[];
  set_products: { id: number; name: Record<string, string>; price: number; capacity_per_slot: number }[];
};
type ShopProduct = { uuid: string; name: string; options: { name: string; price: number }[]; image: unknown };

const newProduct = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  type: 'time',
  sales_channels: ['web', 'spot'],
  name: { ja: '夜間特別展', en: 'Night exhibition' },
  description: { ja: '夜だけの展示です。', en: 'Open at night only.' },
  max_per_order: 6,
  options: [
    { type: 'admission', name: { ja: '一般', en: 'Adult' }, price: 1800 },
    { type: 'admission', name: { ja: '学生', en: 'Student' }, price: 1200 },
    { type: 'addon', name: { ja: '音声ガイド', en: 'Audio guide' }, price: 500 },
  ],
  set_products: [{ name: { ja: '図録', en: 'Catalogue' }, price: 2500, capacity_per_slot: 20 }],
  ...extra,
});

describeEachEngine('console products', (ctx) => {
  const server = useTestApp(ctx);
  const shop = () => apiFor(server.app, 'demo');
  const auditOf = (objectId: number) =>
    rows<{ action: string; actor_id: number; venue_code: string; object_type: string }>(
      ctx.db,
      sql`select action, actor_id, venue_code, object_type from audit_log where object_type = 'product' and object_id = ${String(objectId)} order by id`,
    );
  const auditCount = async () => (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;
  const shopProducts = async () => {
    const answer = await shop().get<ShopProduct[]>('products?lang=en');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  async function editor() {
    const demo = (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;
    const team = await makeTeam(ctx.db, { rights: ['catalogue:write'], venueIds: [demo] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, member.email);
    return { client, member };
  }

  it('creates a product with options and set products that the shop offers at once, and audits it', async () => {
    const { client, member } = await editor();
    await shopProducts(); // the shop's answer is cached before the change
    const created = await client.post<Product>('venues/demo/products', newProduct('night-exhibition'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      key: 'night-exhibition',
      is_archived: false,
      sales_channels: ['web', 'spot'],
      options: [
        { name: { en: 'Adult' }, price: 1800, type: 'admission' },
        { name: { en: 'Student' }, price: 1200, type: 'admission' },
        { name: { en: 'Audio guide' }, price: 500, type: 'addon' },
      ],
      set_products: [{ name: { en: 'Catalogue' }, price: 2500, capacity_per_slot: 20 }],
    });
    const offered = (await shopProducts()).find((p) => p.uuid === created.body.uuid);
    expect(offered).toMatchObject({ name: 'Night exhibition', image: null });
    expect(offered?.options.map((o) => o.name)).toEqual(['Adult', 'Student', 'Audio guide']);
    expect(await auditOf(created.body.id)).toEqual([
      { action: 'created', actor_id: member.id, venue_code: 'demo', object_type: 'product' },
    ]);
    // Made here, its slots come from slot series: the demo's top-up pattern makes none.
    const [pattern] = await rows<{ closed_weekdays: number[]; slots: number }>(
      ctx.db,
      sql`select closed_weekdays, (select count(*)::int from product_time_spans where product_id = ${created.body.id}) as slots
          from products where id = ${created.body.id}`,
    );
    expect(pattern).toEqual({ closed_weekdays: [0, 1, 2, 3, 4, 5, 6], slots: 0 });
    const read = await client.get<Product>(`venues/demo/products/${created.body.id}`);
    expect(read.body.key).toBe('night-exhibition');
  });

  it('edits the whole option list: keeps, changes, reorders, adds and removes, and the shop follows', async () => {
    const { client } = await editor();
    const created = await client.post<Product>('venues/demo/products', newProduct('garden-tour'));
    const [adult, student] = created.body.options;
    await shopProducts();
    const edited = await client.patch<Product>(`venues/demo/products/${created.body.id}`, {
      name: { ja: '庭園ツアー', en: 'Garden tour' },
      options: [
        { id: student?.id, type: 'admission', name: { ja: '学生', en: 'Student' }, price: 1000 },
        { id: adult?.id, type: 'admission', name: { ja: '一般', en: 'Adult' }, price: 2000 },
        { type: 'admission', name: { ja: '子ども', en: 'Child' }, price: 0 },
      ],
      set_products: [],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.options.map((o) => [o.id, o.name.en, o.price])).toEqual([
      [student?.id, 'Student', 1000],
      [adult?.id, 'Adult', 2000],
      [expect.any(Number), 'Child', 0],
    ]);
    expect(edited.body.set_products).toEqual([]);
    const offered = (await shopProducts()).find((p) => p.uuid === created.body.uuid);
    expect(offered?.name).toBe('Garden tour');
    expect(offered?.options.map((o) => `${o.name} ${o.price}`)).toEqual(['Student 1000', 'Adult 2000', 'Child 0']);
    expect((await auditOf(created.body.id)).map((a) => a.action)).toEqual(['created', 'updated']);
  });

  it('refuses a taken key with 409, a missing default-language name and a bad price with 400 naming the field, writing nothing', async () => {
    const { client } = await editor();
    expect((await client.post('venues/demo/products', newProduct('twice-made'))).status).toBe(201);
    const before = await auditCount();
    const twice = await client.post('venues/demo/products', newProduct('twice-made'));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'conflict', field: 'key' });
    const noName = await client.post('venues/demo/products', newProduct('no-ja-name', { name: { en: 'Only English' } }));
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ field: 'name' });
    expect(String(noName.body.message)).toContain('ja');
    const optionName = await client.post('venues/demo/products', {
      ...newProduct('no-option-name'),
      options: [{ type: 'admission', name: { en: 'Adult' }, price: 100 }],
    });
    expect(optionName.body).toMatchObject({ field: 'options.0.name' });
    const price = await client.post('venues/demo/products', {
      ...newProduct('bad-price'),
      options: [{ type: 'admission', name: { ja: '一般' }, price: 10.5 }],
    });
    expect(price.status).toBe(400);
    expect(price.body).toMatchObject({ field: 'options.0.price' });
    const negative = await client.post('venues/demo/products', {
      ...newProduct('negative-price'),
      set_products: [{ name: { ja: '図録' }, price: -1, capacity_per_slot: 1 }],
    });
    expect(negative.body).toMatchObject({ field: 'set_products.0.price' });
    const limit = await client.post('venues/demo/products', newProduct('too-many', { max_per_order: 1000 }));
    expect(limit.body).toMatchObject({ field: 'max_per_order' });
    const channel = await client.post('venues/demo/products', newProduct('bad-channel', { sales_channels: ['fax'] }));
    expect(channel.body).toMatchObject({ field: 'sales_channels.0' });
    const image = await client.post(
      'venues/demo/products',
      newProduct('no-image', { image_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(image.body).toMatchObject({ field: 'image_id' });
    const [taken] = await rows<{ id: number }>(ctx.db, sql`select id from products where key = 'twice-made'`);
    const renamed = await client.patch(`venues/demo/products/${taken?.id}`, { key: 'garden-tour' });
    expect(renamed.status).toBe(409);
    expect(await auditCount()).toBe(before);
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from products where key in ('no-ja-name', 'no-option-name', 'bad-price', 'negative-price', 'too-many', 'bad-channel', 'no-image')`,
    );
    expect(n).toBe(0);
  });

  it('sets, changes and removes the visitors’ own cancellation rule, audited, and refuses bad values naming the field', async () => {
    const { client } = await editor();
    const created = await client.post<Product & { self_cancel: unknown }>('venues/demo/products', newProduct('cancellable'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.self_cancel).toBeNull();
    const path = `venues/demo/products/${created.body.id}`;
    const set = await client.patch<{ self_cancel: unknown }>(path, { self_cancel: { hours_before: 48, fee: 200 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.self_cancel).toEqual({ hours_before: 48, fee: 200 });
    expect((await client.get<{ self_cancel: unknown }>(path)).body.self_cancel).toEqual({ hours_before: 48, fee: 200 });
    const [stored] = await rows<{ hours: number | null; fee: number }>(
      ctx.db,
      sql`select self_cancel_hours_before as hours, self_cancel_fee as fee from products where id = ${created.body.id}`,
    );
    expect(stored).toEqual({ hours: 48, fee: 200 });
    const [audit] = await rows<{ changes: unknown }>(
      ctx.db,
      sql`select changes from audit_log where object_type = 'product' and object_id = ${String(created.body.id)} and action = 'updated' order by id desc limit 1`,
    );
    const changes = typeof audit?.changes === 'string' ? JSON.parse(audit.changes) : audit?.changes;
    expect(changes).toMatchObject({ self_cancel: { hours_before: 48, fee: 200 } });

    const before = await auditCount();
    for (const [body, field] of [
      [{ self_cancel: { hours_before: -1, fee: 0 } }, 'self_cancel.hours_before'],
      [{ self_cancel: { hours_before: 2 ** 31, fee: 0 } }, 'self_cancel.hours_before'],
      [{ self_cancel: { hours_before: 1.5, fee: 0 } }, 'self_cancel.hours_before'],
      [{ self_cancel: { hours_before: 24, fee: 2 ** 31 } }, 'self_cancel.fee'],
      [{ self_cancel: { hours_before: 24, fee: -5 } }, 'self_cancel.fee'],
      [{ self_cancel: { hours_before: '24\u0000', fee: 0 } }, 'self_cancel.hours_before'],
      [{ self_cancel: { fee: 0 } }, 'self_cancel.hours_before'],
    ] as const) {
      const refused = await client.patch<{ error: string; field: string }>(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ error: 'invalid request', field });
    }
    expect(await auditCount()).toBe(before);

    const removed = await client.patch<{ self_cancel: unknown }>(path, { self_cancel: null });
    expect(removed.status).toBe(200);
    expect(removed.body.self_cancel).toBeNull();
    // A change of anything else keeps the rule as it is.
    await client.patch(path, { self_cancel: { hours_before: 0, fee: 0 } });
    expect((await client.patch<{ self_cancel: unknown }>(path, { max_per_order: 4 })).body.self_cancel).toEqual({
      hours_before: 0,
      fee: 0,
    });
  });

  it('lets catalogue:read look but not change, and others not even look', async () => {
    const demo = (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;
    const readers = await makeTeam(ctx.db, { rights: ['catalogue:read'], venueIds: [demo] });
    const reader = await makeStaff(ctx.db, { teamIds: [readers.id] });
    const client = consoleClient(server.app);
    await signIn(client, reader.email);
    const listed = await client.get<{ products: Product[] }>('venues/demo/products');
    expect(listed.status).toBe(200);
    expect(listed.body.products.length).toBeGreaterThan(0);
    expect((await client.post('venues/demo/products', newProduct('read-only'))).status).toBe(403);
    const [first] = listed.body.products;
    expect((await client.post(`venues/demo/products/${first?.id}/archive`)).status).toBe(403);
    const gate = await makeTeam(ctx.db, { rights: ['orders:read'], venueIds: [demo] });
    const other = await makeStaff(ctx.db, { teamIds: [gate.id] });
    const otherClient = consoleClient(server.app);
    await signIn(otherClient, other.email);
    expect((await otherClient.get('venues/demo/products')).status).toBe(403);
    expect((await consoleClient(server.app).get('venues/demo/products')).status).toBe(401);
  });

  it('archives a product: gone from the shop and its searches, refused for new orders, its orders kept; unarchiving offers it again', async () => {
    const { client } = await editor();
    const slot = await freshSlot(ctx.db, 'demo', 20);
    const api = shop();
    const earlier = await api.post<{ order_token: string }>('orders', orderBody(slot, 1));
    expect(earlier.status).toBe(201);
    const archived = await client.post<Product>(`venues/demo/products/${slot.productId}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.is_archived).toBe(true);
    expect((await shopProducts()).some((p) => p.uuid === slot.productUuid)).toBe(false);
    const [day] = await rows<{ date: string }>(
      ctx.db,
      sql`select date::text as date from product_time_spans where id = ${slot.timeSpanId}`,
    );
    const search = await api.get<{ product: { uuid: string } }[]>(`products/search?from=${day?.date}&to=${day?.date}&lang=en`);
    expect(search.body.some((s) => s.product.uuid === slot.productUuid)).toBe(false);
    const refused = await api.post('orders', orderBody(slot, 1));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ticket not on sale now' });
    // The order made before stays readable.
    expect((await api.get(`orders/${earlier.body.order_token}`)).status).toBe(200);
    const listed = await client.get<{ products: Product[] }>('venues/demo/products');
    expect(listed.body.products.some((p) => p.id === slot.productId)).toBe(false);
    const withArchived = await client.get<{ products: Product[] }>('venues/demo/products?archived=true');
    expect(withArchived.body.products.find((p) => p.id === slot.productId)?.is_archived).toBe(true);
    const back = await client.post<Product>(`venues/demo/products/${slot.productId}/unarchive`);
    expect(back.body.is_archived).toBe(false);
    expect((await shopProducts()).some((p) => p.uuid === slot.productUuid)).toBe(true);
    expect((await api.post('orders', orderBody(slot, 1))).status).toBe(201);
    expect((await auditOf(slot.productId)).map((a) => a.action)).toEqual(['archived', 'unarchived']);
  });

  it('refuses with 409 to remove an option an order names, and changes nothing', async () => {
    const { client } = await editor();
    const slot = await freshSlot(ctx.db, 'demo', 20);
    expect((await shop().post('orders', orderBody(slot, 1))).status).toBe(201);
    const product = (await client.get<Product>(`venues/demo/products/${slot.productId}`)).body;
    const kept = product.options.filter((o) => o.id !== slot.adultOptionId);
    const before = await auditCount();
    const removal = await client.patch(`venues/demo/products/${slot.productId}`, {
      name: { ja: '変わらないはず' },
      options: kept.map((o) => ({ id: o.id, type: o.type, name: o.name, price: o.price })),
    });
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject({ error: 'conflict', field: 'options' });
    expect(String(removal.body.message)).toContain(String(slot.adultOptionId));
    expect(await auditCount()).toBe(before);
    expect((await client.get<Product>(`venues/demo/products/${slot.productId}`)).body).toEqual(product);
  });

  it('answers 404 for a product of another venue or none', async () => {
    const { client } = await editor();
    const [elsewhere] = await rows<{ id: number }>(
      ctx.db,
      sql`select p.id from products p join sites s on s.id = p.site_id where s.code <> 'demo' limit 1`,
    );
    expect((await client.get(`venues/demo/products/${elsewhere?.id}`)).status).toBe(404);
    expect((await client.patch(`venues/demo/products/${elsewhere?.id}`, { max_per_order: 2 })).status).toBe(404);
    expect((await client.get('venues/demo/products/99999999')).status).toBe(404);
  });
});
