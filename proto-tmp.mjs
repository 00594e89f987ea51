import { PGlite, protocol, parse } from '@electric-sql/pglite';
const { serialize } = protocol;
const pg = await PGlite.create();
await pg.exec(`create table o (id uuid primary key default gen_random_uuid(), token text unique, status text, a jsonb, b jsonb, n int, t timestamptz default now(), c text, d text, e int)`);
await pg.query(`insert into o (token, status, a, b, n, c, d, e) select 't'||g, 'pending', '[{"x":1}]', '[]', g, 'c', 'd', 1 from generate_series(1,5000) g`);
const concat = (parts) => { const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0)); let o = 0; for (const p of parts) { out.set(p, o); o += p.length; } return out; };
const cache = new Map(); let n = 0;
async function fast(text, params) {
  let st = cache.get(text);
  if (!st) {
    const name = `s${++n}`;
    const msgs = await pg.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    st = { name, types: parse.parseDescribeStatementResults(msgs), desc: msgs.find((m) => m.name === 'rowDescription') };
    cache.set(text, st);
  }
  const values = params.map((p, i) => (p == null ? null : (pg.serializers[st.types[i]]?.(p) ?? p.toString())));
  const msgs = await pg.execProtocolStream(concat([serialize.bind({ statement: st.name, values }), serialize.execute({}), serialize.sync()]), { syncToFs: false });
  return parse.parseResults(st.desc ? [st.desc, ...msgs] : msgs, pg.parsers, { rowMode: 'array' })[0];
}
const qs = [
  [`select id, token, status, a, b, n, t, c, d, e, xmin::text from o where token in ($1, $2, $3, $4, $5, $6, $7)`, () => Array.from({ length: 7 }, () => 't' + (1 + Math.floor(Math.random() * 5000)))],
  [`update o set n = n + 1, t = now() where token = $1 returning id, n`, () => ['t' + (1 + Math.floor(Math.random() * 5000))]],
  [`select 1 as one from o where token = $1 and n > $2 limit 1`, () => ['t5', 3]],
];
for (const [text, args] of qs) {
  for (let round = 0; round < 2; round++) {
    let t0 = performance.now();
    for (let i = 0; i < 2000; i++) await pg.query(text, args(), { rowMode: 'array' });
    const slow = performance.now() - t0;
    t0 = performance.now();
    for (let i = 0; i < 2000; i++) await fast(text, args());
    const quick = performance.now() - t0;
    console.log(text.slice(0, 40), 'query', (slow / 2000).toFixed(3), 'ms  fast', (quick / 2000).toFixed(3), 'ms');
  }
}
const a = await pg.query(qs[0][0], ['t1','t2','t3','t4','t5','t6','t7'], { rowMode: 'array' });
const b = await fast(qs[0][0], ['t1','t2','t3','t4','t5','t6','t7']);
console.log(JSON.stringify(a.rows) === JSON.stringify(b.rows), JSON.stringify(a.fields) === JSON.stringify(b.fields), a.affectedRows, b.affectedRows);
try { await fast(`select 1/$1::int`, [0]); } catch (e) { console.log('error', e.code, e.message); }
console.log((await fast(`select $1::int + 1 as x`, [2])).rows);
