/**
 * TEST FIXTURE: the fast-check arbitraries of the fuzz suites (tests/api/fuzz*.test.ts): values derived from a JSON
 * Schema that the schema refuses (wrong types, lengths, ranges, enums, NUL, nesting, unknown keys, missing
 * required), odd but valid Unicode, and the row counts of every table (nothing may be written).
 *
 * FUZZ_RUNS scales the number of runs (default 1); FUZZ_SEED replays a failure.
 */
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { scalarType } from '../../engine/metadata/resolve';
import type { JsonSchema } from '../../engine/metadata/types';
export type Data = Record<string, unknown>;

export const SCALE = Number(process.env.FUZZ_RUNS ?? 1) || 1;
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
export const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
/** A fuzz test's time-out, longer in proportion when FUZZ_RUNS asks for more runs. */
export const fuzzTimeout = (ms: number) => Math.round(ms * Math.max(1, SCALE));
export const params = (n: number): fc.Parameters<unknown> => ({ numRuns: runs(n), seed: SEED, endOnFailure: false });

export const INT_MAX = 2147483647;
export const MISSING_ID = 987654;
/** A little over the server's 1 MiB body limit. */
export const MEGA = 1024 * 1024 + 100;

/** Characters that tend to break things: lone surrogates, NUL, bidi marks, zero-width, BOM, emoji, combining marks. */
export const ODD_CHARS = ['\ud800', '\udfff', '\u0000', '\u202e', '\u200f', '\u200b', '\ufeff', '😀', '👩‍👩‍👧', 'e\u0301', '𝕏', '\u0007', '\\', '"', "'", '%', '_', '\u2028'];
export const oddString = (maxLength = 12) =>
  fc.array(fc.oneof(fc.constantFrom(...ODD_CHARS), fc.string({ maxLength: 3 })), { minLength: 1, maxLength })
    .map((parts) => parts.join(''))
    .filter((x) => x !== '');

/** An object nested `depth` levels: {k: {k: ... {}}} or arrays [[...]]. */
export function nested(depth: number, kind: 'object' | 'array'): unknown {
  let v: unknown = kind === 'object' ? {} : [];
  for (let i = 0; i < depth; i++) v = kind === 'object' ? { k: v } : [v];
  return v;
}
export const deepValue = fc.constantFrom<'object' | 'array'>('object', 'array').chain((kind) => fc.integer({ min: 40, max: 120 }).map((d) => nested(d, kind)));

export const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value that fits the schema (small), used as the well-shaped rest of a record. */
export function validArb(s: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const t = scalarType(s);
  switch (t) {
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, -1000);
      return fc.integer({ min, max: Math.max(min, Math.min(s.maximum ?? 1000, 1000)) });
    }
    case 'number': {
      const min = Math.max(s.minimum ?? -1000, -1000);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(Math.min(s.maximum ?? 1000, 1000))) });
    }
    case 'object': {
      const props = s.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validArb(p)])), {
        requiredKeys: (s.required ?? []).filter((k) => k in props),
      });
    }
    case 'array': {
      const items = s.items ?? {};
      const min = s.minItems ?? 0;
      if (s.uniqueItems) return fc.uniqueArray(validArb(items), { minLength: min, maxLength: Math.max(min, 2), selector: (v) => JSON.stringify(v) });
      return fc.array(validArb(items), { minLength: min, maxLength: Math.max(min, 2) });
    }
    default: {
      if (s.format === 'email') return fc.constant('fuzz@example.com');
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 20, 20);
      return fc.string({ minLength: Math.min(min, max), maxLength: max, unit: 'grapheme-ascii' }).map((x) => (x.trim().length >= min ? x : 'x'.repeat(min)));
    }
  }
}

/** Values of a type the property does not admit (never null or '': prepare steps may read those as "absent"). */
export function wrongTypeArb(s: JsonSchema): fc.Arbitrary<unknown> | null {
  const allowed = new Set(typesOf(s));
  if (allowed.has('integer')) allowed.add('number-integral');
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ minLength: 1, maxLength: 8 }).filter((x) => x.trim() !== '' && !/^-?\d+(\.\d+)?$/.test(x.trim()))],
    ['number', fc.constantFrom(1.5, -0.25, 3.14159)],
    ['number-integral', fc.constantFrom(0, 7, -3)],
    ['boolean', fc.boolean()],
    ['object', fc.constantFrom({}, { a: 1 })],
    ['array', fc.constantFrom([], [1, 'x'], [{}])],
  ];
  const wrong = candidates.filter(([t]) => {
    if (t === 'number-integral') return !allowed.has('number') && !allowed.has('integer');
    if (t === 'number') return !allowed.has('number');
    return !allowed.has(t);
  });
  if (!typesOf(s).length) return null;
  return wrong.length ? fc.oneof(...wrong.map(([, a]) => a)) : null;
}

/** Values the property's own rules refuse (length, range, decimals, enum, format, NUL, nesting). */
export function badValueArbs(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  const wrong = wrongTypeArb(s);
  if (wrong) out.push(wrong);
  const t = scalarType(s);
  if (Array.isArray(s.enum) && s.enum.length) out.push(oddString().filter((x) => !s.enum!.includes(x)));
  if (t === 'string' && !s.enum) {
    if (typeof s.maxLength === 'number') {
      const max = s.maxLength;
      out.push(fc.integer({ min: max + 1, max: max + 40 }).map((n) => 'x'.repeat(n)));
      out.push(fc.integer({ min: 1, max: 20 }).map((n) => '😀'.repeat(max + n)));
      out.push(fc.constant(null).map(() => 'y'.repeat(Math.max(MEGA, max + 1))));
    }
    if ((s.minLength ?? 0) > 1) out.push(fc.constant('z'.repeat(s.minLength! - 1)));
    out.push(fc.string({ maxLength: 5 }).map((x) => `${x}\u0000${x}`));
    if (s.format === 'email') out.push(fc.constantFrom('not-an-email', 'a@', '@b.c', '\u202eadmin@example.com\u0000'));
  }
  if (t === 'integer' || t === 'number') {
    if (typeof s.minimum === 'number') out.push(fc.integer({ min: 1, max: 1_000_000 }).map((d) => s.minimum! - d));
    if (typeof s.maximum === 'number') out.push(fc.integer({ min: 1, max: 1_000_000 }).map((d) => s.maximum! + d));
    if (t === 'integer') {
      out.push(fc.constantFrom(0.5, 1.25, -7.5));
      if (s.maximum === undefined) out.push(fc.constantFrom(INT_MAX + 1, 2 ** 53, 1e15, 1e300));
      if (s.minimum === undefined) out.push(fc.constantFrom(-INT_MAX - 2, -(2 ** 53), -1e300));
    }
    if (typeof s.maxDecimals === 'number') {
      const extra = 10 ** -((s.maxDecimals as number) + 2);
      const base = Math.max(s.minimum ?? 0, 0);
      out.push(fc.constant(base + extra));
    }
  }
  if (t === 'object' || t === 'array') out.push(deepValue);
  if (t === 'array' && typeof s.minItems === 'number' && s.minItems > 0) out.push(fc.constant([]));
  if (t === 'array' && s.items && scalarType(s.items) === 'object') out.push(fc.constantFrom(['not an object'], [[{}]], [42]));
  return out;
}

/** Dotted paths of every property (nested objects, and the first row of child arrays) with their schema. */
export function propertyPaths(s: JsonSchema, base: string[] = []): { at: string[]; schema: JsonSchema }[] {
  const out: { at: string[]; schema: JsonSchema }[] = [];
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    out.push({ at: [...base, k], schema: p });
    if (scalarType(p) === 'object' && p.properties) out.push(...propertyPaths(p, [...base, k]));
    if (scalarType(p) === 'array' && p.items && scalarType(p.items) === 'object') out.push(...propertyPaths(p.items, [...base, k, '0']));
  }
  return out;
}

/** Where an object lives in a record (the root, nested objects, the first row of child arrays). */
export function objectPaths(s: JsonSchema, base: string[] = []): { at: string[]; schema: JsonSchema }[] {
  const out = [{ at: base, schema: s }];
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (scalarType(p) === 'object' && p.properties) out.push(...objectPaths(p, [...base, k]));
    if (scalarType(p) === 'array' && p.items && scalarType(p.items) === 'object') out.push(...objectPaths(p.items, [...base, k, '0']));
  }
  return out;
}

/** A deep copy of `record` with `value` at `at`, creating the objects and first rows on the way. */
export function setAt(record: Data, at: string[], value: unknown, schema: JsonSchema, remove = false): Data {
  const copy = structuredClone(record);
  let node: any = copy;
  let s: JsonSchema | undefined = schema;
  for (let i = 0; i < at.length - 1; i++) {
    const key = at[i];
    const childSchema: JsonSchema | undefined = Array.isArray(node) ? s?.items : s?.properties?.[key];
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] = scalarType(childSchema) === 'array' ? [] : {};
    }
    if (Array.isArray(node[key]) && node[key].length === 0) {
      // the first row of a child array: give it its required fields so only the mutation is wrong
      const item = childSchema?.items;
      node[key].push(item ? fc.sample(validArb(item), { numRuns: 1, seed: 1 })[0] : {});
    }
    node = node[key];
    s = childSchema;
  }
  const last = at[at.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** Keys no schema object declares: odd Unicode, look-alikes of real names, prototype names. */
export const unknownKeyArb = (known: Set<string>) =>
  fc
    .oneof(oddString(6), fc.constantFrom('constructor', 'toString', 'password_hash', 'created_by', 'updated_by', 'NOMBRE', 'nombre ', '$where', '1'))
    .filter((k) => !known.has(k) && k !== 'id' && k !== 'version');

/**
 * One invalid body for `schema` (a record for save and update, an action's body), with what was done to it.
 * `openObjects`: objects without `additionalProperties: false` take unknown keys (no unknown-key mutation there).
 */
export function invalidObjectArb(schema: JsonSchema, { openObjects = false } = {}): fc.Arbitrary<{ how: string; body: unknown }> {
  const base = validArb(schema) as fc.Arbitrary<Data>;
  const mutations: fc.Arbitrary<{ how: string; body: unknown }>[] = [];

  const props = propertyPaths(schema);
  const valueMutations = props.flatMap(({ at, schema: p }) => badValueArbs(p).map((bad) => ({ at, bad })));
  if (valueMutations.length)
    mutations.push(
      fc
        .integer({ min: 0, max: valueMutations.length - 1 })
        .chain((i) => fc.tuple(base, valueMutations[i].bad).map(([r, v]) => ({ how: `bad value at ${valueMutations[i].at.join('.')}`, body: setAt(r, valueMutations[i].at, v, schema) }))),
    );

  const objects = objectPaths(schema);
  const closed = openObjects ? objects.filter((o) => o.schema.additionalProperties === false) : objects;
  if (closed.length)
  mutations.push(
    fc.tuple(base, fc.integer({ min: 0, max: closed.length - 1 })).chain(([r, i]) =>
      unknownKeyArb(new Set(Object.keys(closed[i].schema.properties ?? {}))).chain((key) =>
        fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), deepValue, fc.constant({ nested: { deeper: true } })).map((v) => ({
          how: `unknown field ${JSON.stringify(key)} at ${closed[i].at.join('.') || '(root)'}`,
          body: setAt(r, [...closed[i].at, key], v, schema),
        })),
      ),
    ),
  );

  const required = props.filter(({ at, schema: p }) => {
    const parentAt = at.slice(0, -1);
    const parent = parentAt.length ? objects.find((o) => o.at.join('.') === parentAt.join('.'))?.schema : schema;
    return parent?.required?.includes(at[at.length - 1]) && p.default === undefined;
  });
  if (required.length)
    mutations.push(
      fc.tuple(base, fc.integer({ min: 0, max: required.length - 1 })).map(([r, i]) => ({
        how: `missing required ${required[i].at.join('.')}`,
        body: setAt(r, required[i].at, undefined, schema, true),
      })),
    );

  mutations.push(
    fc.oneof(fc.constantFrom<unknown>([], [{}], 'text', 42, true, null), base.map((r) => [r]), deepValue).map((body) => ({ how: 'not an object', body })),
  );
  return fc.oneof(...mutations);
}


/** Row counts of every table of the database. */
export async function tableCounts(db: Kysely<any>): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ t: string }>`select tablename as t from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const out: Record<string, number> = {};
  for (const { t } of tables) {
    if (t === 'login_attempt' || t === 'refresh_token') continue; // the fuzzer's own logins
    out[t] = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db)).rows[0].n);
  }
  return out;
}

/** A server's answer as the fuzz suites read it: the status and the body, parsed when it is JSON. */
export interface Answer {
  status: number;
  body: any;
}

/** Sends a request as given (any body, any content type) and reads the answer. */
export async function sendRaw(url: string, init: { method?: string; headers: Record<string, string>; body?: string | URLSearchParams; contentType: string | null }): Promise<Answer> {
  const headers = { ...init.headers, ...(init.contentType ? { 'content-type': init.contentType } : {}) };
  const res = await fetch(url, { method: init.method ?? 'POST', headers, body: init.body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text, and a check for a code fails
  }
  return { status: res.status, body: parsed };
}

/** A 4xx with a stable code in the body; anything else throws with what was sent. */
export function assert4xxWithCode(res: Answer, what: string) {
  const code = res.body && typeof res.body === 'object' ? res.body.code : undefined;
  if (res.status < 400 || res.status >= 500 || typeof code !== 'string' || !/^[A-Za-z_]+$/.test(code))
    throw new Error(`${what} answered ${res.status} ${JSON.stringify(res.body ?? '').slice(0, 300)}`);
}
