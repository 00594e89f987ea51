/**
 * Malformed requests for every operation of the server's OpenAPI document: a well-formed example
 * is built from each operation's schemas (with real ids where the test names them), then spoiled
 * one part at a time. Deterministic: the same document and values give the same cases.
 */
import { HEX_COLOUR_PATTERN } from '@storefront/domain/console/venue-settings';

/** The part of JSON Schema that the zod contracts produce. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  format?: string;
  minimum?: number;
  maxLength?: number;
  pattern?: string;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it, `/{site}/api/v1/orders/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The JSON body's schema; null when the operation declares none. */
  body: JsonSchema | null;
};

export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST' && upper !== 'PUT' && upper !== 'PATCH' && upper !== 'DELETE') continue;
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema ?? null;
      endpoints.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        headerParams: parameters.filter((p) => p.in === 'header'),
        body,
      });
    }
  }
  return endpoints;
}

/** A path parameter Fastify documents from the URL alone is a bare string; a contract adds a pattern or format. */
function isConstrained(schema: JsonSchema): boolean {
  return Boolean(schema.allOf || schema.enum || schema.format || (schema as { pattern?: string }).pattern);
}

/** Small deterministic generator (mulberry32), so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Values the test knows to be real (ids of its fixtures), by field name. */
export type KnownValues = Record<string, unknown>;

function alternatives(schema: JsonSchema): JsonSchema[] | null {
  return schema.oneOf ?? schema.anyOf ?? null;
}

export function isStringSchema(schema: JsonSchema): boolean {
  if (schema.type === 'string') return true;
  const options = alternatives(schema);
  if (options) return options.some(isStringSchema);
  return Boolean(schema.allOf?.every(isStringSchema));
}

/** A value the schema accepts, preferring the test's real values for fields it names. */
export function exampleOf(schema: JsonSchema, name: string, known: KnownValues): unknown {
  // A known value stands for its name unless the schema's own list of values refuses it (the same
  // name means different things in different calls: a check-in's `mode`, a refund's `mode`).
  if (name in known && !(schema.enum?.length && !schema.enum.includes(known[name]))) return structuredClone(known[name]);
  const options = alternatives(schema);
  if (options?.[0]) return exampleOf(options[0], name, known);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  // A venue's colours are written #rrggbb (the pattern sits beside the text's own in `allOf`).
  if ([schema, ...(schema.allOf ?? [])].some((part) => part.pattern === HEX_COLOUR_PATTERN.source)) return '#123abc';
  if (schema.allOf?.[0]) return exampleOf({ ...schema.allOf[0], ...schema, allOf: undefined }, name, known);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = exampleOf(property, key, known);
      return value;
    }
    case 'array':
      return schema.items ? [exampleOf(schema.items, name, known)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'x';
  }
}

/** One spoiled request. `expectField`: the field a 400 must name (the contract refuses exactly it). */
export type Case = {
  label: string;
  method: Endpoint['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  expectField?: string;
  /** The call's XSRF pair is spoiled: a state-changing call must be refused with 403. */
  expectForbidden?: boolean;
};

/** A leaf of a JSON body: where it is, its schema, and its example value. */
type Leaf = { path: (string | number)[]; schema: JsonSchema };

function leavesOf(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Leaf[] {
  const options = alternatives(schema);
  if (options?.[0] && !isStringSchema(schema)) return leavesOf(options[0], value, path);
  const own: Leaf[] = path.length ? [{ path, schema }] : [];
  if (schema.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    return [
      ...own,
      ...Object.keys(record).flatMap((key) => {
        const property =
          schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
        return leavesOf(property, record[key], [...path, key]);
      }),
    ];
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items && value.length > 0) {
    return [...own, ...leavesOf(schema.items, value[0], [...path, 0])];
  }
  return own;
}

function withValue(root: unknown, path: (string | number)[], next: unknown | typeof REMOVE): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (next === REMOVE) delete node[last];
  else node[last] = next;
  return copy;
}

const REMOVE = Symbol('remove');
/** JSON text the serialiser cannot write (`1e999`): a marked string, unwrapped after stringify. */
const raw = (text: string) => `\u0001raw:${text}\u0001`;
const RAW_PATTERN = /"\\u0001raw:(.*?)\\u0001"/g;

const NUL = '\u0000';
const HUGE_STRING = 'x'.repeat(100_000);
/** Over Fastify's 1 MiB body limit. */
const HUGE_BODY = JSON.stringify({ filler: 'x'.repeat(1_100_000) });

/** Wrong values for one field of a body, chosen by the kind of value the field holds. */
function bodyValues(example: unknown, random: () => number): [string, unknown][] {
  const common: [string, unknown][] = [
    ['missing', REMOVE],
    ['null', null],
    ['an object', { $gt: '' }],
  ];
  if (typeof example === 'string') {
    const noise = Array.from({ length: 12 }, () => String.fromCharCode(1 + Math.floor(random() * 0xd7fe))).join('');
    return [
      ...common,
      ['a number', 2_147_483_648],
      ['an array', [example]],
      ['empty', ''],
      ['NUL alone', NUL],
      ['100,000 characters', HUGE_STRING],
      ['random characters', noise],
    ];
  }
  if (typeof example === 'number') {
    return [
      ...common,
      ['a string of digits', String(example)],
      ['true', true],
      ['2147483648', 2_147_483_648],
      ['-2147483649', -2_147_483_649],
      ['1e308', 1e308],
      ['-1', -1],
      ['0', 0],
      ['1.5', 1.5],
      ['2^53 + 1 written out', raw('9007199254740993')],
      ['1e999 written out', raw('1e999')],
    ];
  }
  if (Array.isArray(example)) {
    return [
      ...common,
      ['a string', 'x'],
      ['empty', []],
      ['[null]', [null]],
      ['10,000 items', Array.from({ length: 10_000 }, () => example[0] ?? 1)],
    ];
  }
  return [...common, ['a string', 'x'], ['an array', [example]], ['2147483648', 2_147_483_648]];
}

function queryValues(random: () => number): [string, string][] {
  const noise = Array.from({ length: 8 }, () => String.fromCharCode(0x20 + Math.floor(random() * 0x5e))).join('');
  return [
    ['empty', ''],
    ['2147483648', '2147483648'],
    ['-1', '-1'],
    ['1e308', '1e308'],
    ['twenty digits', '99999999999999999999'],
    ['5,000 characters', 'x'.repeat(5_000)],
    ['random characters', encodeURIComponent(noise)],
    ['broken percent-encoding', 'a%ZZ%E0%A4%A'],
    ['Japanese', encodeURIComponent('日本語')],
  ];
}

/**
 * Dates and moments the console's date filters refuse (their one contract: a real calendar date or
 * a point in time, 2000-01-01 to 2100-12-31), each naming the filter: years no venue has, years the
 * database has not (0, 275760), days no calendar has. A kit cursor is a day and a moment.
 */
function outOfRangeDates(): [string, string][] {
  return [
    ['year 0', '0000-01-01'],
    ['year 1', '0001-01-01'],
    ['year 100', '0100-06-15'],
    ['the day before 2000', '1999-12-31'],
    ['the day after 2100', '2101-01-01'],
    ['year 9999', '9999-12-31'],
    ['year 275760', encodeURIComponent('+275760-09-13')],
    ['29 February 2026', '2026-02-29'],
    ['month 13', '2026-13-01'],
    ['year 0 with a time', encodeURIComponent('0000-01-01T00:00:00Z')],
    ['year 2101 with an offset', encodeURIComponent('2101-01-01T00:00:00+09:00')],
    ['1970 with a time', encodeURIComponent('1970-01-01T00:00:00.000Z')],
    ['a cursor in year 0', encodeURIComponent('0000-01-01|0000-01-01T00:00:00.000Z')],
    ['a cursor of year 1', encodeURIComponent('2026-01-01|0001-01-01T00:00:00.000Z')],
  ];
}

/** A date filter's valid value starts with a date (a day, a moment, a kit cursor). */
const isDateValue = (encoded: string) => /^\d{4}-\d{2}-\d{2}/.test(decodeURIComponent(encoded));

function pathValues(): [string, string][] {
  return [
    ['an unknown token', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['an unknown id', '999999'],
    ['an id past int4', '2147483648'],
    ['-1', '-1'],
    ['an encoded NUL', 'AAAAAAAAAAAAAAAAAAAAAA%00'],
    ['199 characters', 'A'.repeat(199)],
    ['broken percent-encoding', '%E0%A4%A'],
    ['an encoded slash', '..%2F..%2Fetc'],
    ['Japanese', encodeURIComponent('日本語')],
  ];
}

export type CaseContext = {
  site: string;
  /** Real values for path parameters, by endpoint path and name. */
  pathValue: (path: string, name: string) => string;
  known: KnownValues;
  xsrf: string;
  random: () => number;
};

function fillPath(endpoint: Endpoint, ctx: CaseContext, override?: { name: string; value: string }): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.value;
    if (name === 'site') return ctx.site;
    return encodeURIComponent(ctx.pathValue(endpoint.path, name));
  });
}

function queryString(params: [string, string][]): string {
  return params.length ? `?${params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** Every case of one endpoint, in a fixed order. */
export function casesFor(endpoint: Endpoint, ctx: CaseContext): Case[] {
  const cases: Case[] = [];
  const changesState = endpoint.method !== 'GET';
  // The XSRF pair guards the API's state-changing calls; pages, the gateway and webhooks have their own.
  const needsXsrf = changesState && endpoint.path.includes('/api/');
  const xsrfHeaders: Record<string, string> = changesState ? { cookie: `XSRF-TOKEN=${ctx.xsrf}`, 'x-xsrf-token': ctx.xsrf } : {};
  const validQuery: [string, string][] = endpoint.queryParams.map((p) => [
    p.name,
    encodeURIComponent(String(exampleOf(p.schema, p.name, ctx.known))),
  ]);
  const url = (override?: { name: string; value: string }, query = validQuery) =>
    fillPath(endpoint, ctx, override) + queryString(query);
  // A body that is one of several shapes (a discriminated union) is spoiled in each shape.
  const bodies = endpoint.body ? (alternatives(endpoint.body) ?? [endpoint.body]) : [];
  const example = bodies[0] ? exampleOf(bodies[0], '', ctx.known) : undefined;
  const json = (value: unknown) => JSON.stringify(value).replaceAll(RAW_PATTERN, '$1');
  const jsonHeaders = { ...xsrfHeaders, 'content-type': 'application/json' };
  const bodyOf = (value: unknown) => (endpoint.body ? json(value) : undefined);
  const send = (label: string, extra: Partial<Case> & { url?: string } = {}) => {
    const body = extra.payload ?? bodyOf(example);
    cases.push({
      label,
      method: endpoint.method,
      url: extra.url ?? url(),
      headers: extra.headers ?? (body === undefined ? xsrfHeaders : jsonHeaders),
      ...(body === undefined ? {} : { payload: body }),
      ...(extra.expectField ? { expectField: extra.expectField } : {}),
      ...(extra.expectForbidden ? { expectForbidden: true } : {}),
    });
  };

  // The site and the path.
  if (endpoint.path.startsWith('/{site}/')) {
    for (const site of ['no-such-site', 'demo%00', 'S'.repeat(150)]) {
      send(`site ${site.slice(0, 20)}`, { url: url().replace(`/${ctx.site}/`, `/${site}/`) });
    }
  }
  for (const parameter of endpoint.pathParams.filter((p) => p.name !== 'site')) {
    for (const [label, value] of pathValues()) {
      send(`path ${parameter.name} ${label}`, { url: url({ name: parameter.name, value }) });
    }
    if (isConstrained(parameter.schema)) {
      const valid = encodeURIComponent(ctx.pathValue(endpoint.path, parameter.name));
      send(`path ${parameter.name} with NUL`, {
        url: url({ name: parameter.name, value: `${valid}%00` }),
        expectField: parameter.name,
      });
    }
  }

  // The query.
  for (const parameter of endpoint.queryParams) {
    const others = validQuery.filter(([name]) => name !== parameter.name);
    const valid = validQuery.find(([name]) => name === parameter.name)?.[1] ?? '';
    send(`query ${parameter.name} missing`, { url: url(undefined, others) });
    send(`query ${parameter.name} with NUL`, {
      url: url(undefined, [...others, [parameter.name, `${valid}%00`]]),
      expectField: parameter.name,
    });
    send(`query ${parameter.name} twice`, { url: url(undefined, [...validQuery, [parameter.name, valid]]) });
    for (const [label, value] of queryValues(ctx.random)) {
      send(`query ${parameter.name} ${label}`, { url: url(undefined, [...others, [parameter.name, value]]) });
    }
    if (endpoint.path.startsWith('/console/api/') && isDateValue(valid)) {
      for (const [label, value] of outOfRangeDates()) {
        send(`query ${parameter.name} ${label}`, {
          url: url(undefined, [...others, [parameter.name, value]]),
          expectField: parameter.name,
        });
      }
    }
  }

  // Headers the server reads.
  for (const parameter of endpoint.headerParams) {
    for (const value of ['x'.repeat(5_000), '日本語', '%00']) {
      send(`header ${parameter.name} ${value.slice(0, 10)}`, { headers: { ...xsrfHeaders, [parameter.name]: value } });
    }
  }

  // The body as a whole.
  if (changesState) {
    for (const [label, payload, type] of [
      ['no body', undefined, undefined],
      ['body null', 'null', 'application/json'],
      ['body an array', '[]', 'application/json'],
      ['body a string', '"x"', 'application/json'],
      ['body a number', '2147483648', 'application/json'],
      ['body unparsable', '{"a":', 'application/json'],
      ['body with __proto__', '{"__proto__":{"isAdmin":true}}', 'application/json'],
      ['body with constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}', 'application/json'],
      ['body as plain text', 'hello', 'text/plain'],
      ['body as a form', 'a=1&b=%00', 'application/x-www-form-urlencoded'],
      ['body over the size limit', HUGE_BODY, 'application/json'],
    ] as const) {
      cases.push({
        label,
        method: endpoint.method,
        url: url(),
        headers: type ? { ...xsrfHeaders, 'content-type': type } : xsrfHeaders,
        ...(payload === undefined ? {} : { payload }),
      });
    }
  }

  // Each field of the body.
  for (const shape of bodies) {
    const filled = exampleOf(shape, '', ctx.known);
    for (const leaf of leavesOf(shape, filled)) {
      const field = leaf.path.join('.');
      const current = leaf.path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], filled);
      if (isStringSchema(leaf.schema)) {
        send(`body ${field} with NUL`, {
          payload: json(withValue(filled, leaf.path, `${String(current)}${NUL}`)),
          expectField: field,
        });
        send(`body ${field} with a lone surrogate`, {
          payload: json(withValue(filled, leaf.path, `${String(current)}\ud800`)),
          expectField: field,
        });
      }
      for (const [label, value] of bodyValues(current, ctx.random)) {
        send(`body ${field} ${label}`, { payload: json(withValue(filled, leaf.path, value)) });
      }
    }
    // A record's keys are strings a client writes too.
    for (const leaf of leavesOf(shape, filled).filter((l) => typeof l.schema.additionalProperties === 'object')) {
      const record = leaf.path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], filled);
      send(`body ${leaf.path.join('.')} key with NUL`, {
        payload: json(withValue(filled, leaf.path, { ...(record as object), [`note${NUL}`]: 'x' })),
        expectField: leaf.path.join('.'),
      });
    }
  }

  // The XSRF pair: bad cookies never break a page, and never let a call through. Past the check,
  // the call goes to an unknown record with an empty body, so nothing can change.
  const firstId = endpoint.pathParams.find((p) => p.name !== 'site');
  const unknownRecord = firstId ? url({ name: firstId.name, value: 'AAAAAAAAAAAAAAAAAAAAAA' }) : url();
  for (const [cookie, header, isForbidden] of [
    ['%', '%', true],
    ['%E0%A4%A', '%E0%A4%A', true],
    ['abc%ZZ', 'abc%ZZ', true],
    ['', '', true],
    ['=;=', '=;=', true],
    ['\u00ff\u00fe', '\u00ff\u00fe', false],
    ['x'.repeat(4_000), 'x'.repeat(4_000), false],
  ] as const) {
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${cookie}` };
    if (changesState) headers['x-xsrf-token'] = header;
    if (endpoint.body) headers['content-type'] = 'application/json';
    send(`cookie ${JSON.stringify(cookie.slice(0, 12))}`, {
      url: unknownRecord,
      headers,
      ...(endpoint.body ? { payload: '{}' } : {}),
      ...(needsXsrf && isForbidden ? { expectForbidden: true } : {}),
    });
  }
  if (needsXsrf) {
    send('no XSRF header', {
      headers: { cookie: `XSRF-TOKEN=${ctx.xsrf}`, 'content-type': 'application/json' },
      expectForbidden: true,
    });
    send('XSRF header unlike the cookie', {
      headers: { cookie: `XSRF-TOKEN=${ctx.xsrf}`, 'x-xsrf-token': `${ctx.xsrf}x`, 'content-type': 'application/json' },
      expectForbidden: true,
    });
  }
  return cases;
}
