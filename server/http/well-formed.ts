/**
 * Text that is not well-formed Unicode cannot reach the database: a lone UTF-16 surrogate (which a JSON
 * `\uD800` escape can carry) makes PostgreSQL refuse a jsonb value and PGlite refuse any text, which
 * would answer 500, or is silently replaced by U+FFFD. Such requests answer 400 BAD_REQUEST up front, with
 * the path of the first bad text (or key) in the body, the route parameters or the query string.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './api-error';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** The dotted path of the first ill-formed text or key in `value`, or null. Walks without recursion. */
export function illFormedAt(value: unknown): string | null {
  const stack: { v: unknown; at: string }[] = [{ v: value, at: '' }];
  const join = (at: string, key: string) => (at ? `${at}.${key}` : key);
  while (stack.length) {
    const { v, at } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormed(v)) return at;
    } else if (typeof v === 'object' && v !== null) {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [k] of entries) if (!isWellFormed(k)) return join(at, k.replace(new RegExp(LONE_SURROGATE, 'g'), '?'));
      // reversed, so the first bad text in document order is the one named
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i][1], at: join(at, entries[i][0]) });
    }
  }
  return null;
}

export function refuseIllFormedText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const at = illFormedAt(part);
      if (at !== null) throw badRequest('BAD_REQUEST', [{ field: at || '(body)', code: 'format', params: { format: 'text' } }]);
    }
    // a NUL in the address (`/<list>/<action>/a%00`) would reach a query as a text PostgreSQL refuses (bodies are checked per route)
    for (const part of [request.params, request.query] as Record<string, unknown>[]) {
      const key = Object.keys(part ?? {}).find((k) => k.includes('\u0000') || String(part[k]).includes('\u0000'));
      if (key !== undefined) throw badRequest('BAD_REQUEST', [{ field: key.replace(/\u0000/g, '?'), code: 'format', params: { format: 'text' } }]);
    }
  });
}
