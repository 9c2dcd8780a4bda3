/**
 * The Report button of the unknown-error toast stores what happened (spec §7 Reports). Any logged-in user may
 * call it, so it is bounded: a body of REPORT_BODY_LIMIT at most, nested no deeper than MAX_DEPTH (400
 * BAD_REQUEST, never a 500 from walking it), REPORTS_PER_USER per user in REPORT_WINDOW (429), and only the
 * newest KEPT_REPORTS rows are kept. Secrets in what it is sent are not stored (engine/api/redact.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { textWithoutSecrets, withoutSecrets } from '../../engine/api/redact';
import { authUser } from '../auth/guard';
import { unstorable } from '../entities/input';
import { badRequest } from '../http/api-error';
import type { AppContext } from './context';
import { NO_NUL } from './session';

export const REPORT_BODY_LIMIT = 128 * 1024;
export const REPORTS_PER_USER = 20;
const REPORT_WINDOW = '10 minutes';
export const KEPT_REPORTS = 1000;

const saveBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: { type: 'string', maxLength: 4000, pattern: NO_NUL },
    data: {},
    body: {},
    httpCode: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
  },
} as const;

/** Strings are kept as they are, anything else as JSON; secrets (a password in the failed request) redacted. */
const asText = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? textWithoutSecrets(value) : JSON.stringify(withoutSecrets(value));

export function reporteErrorRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post<{ Body: { url: string; data?: unknown; body?: unknown; httpCode?: number | null } }>(
    '/reporteError/save',
    {
      schema: { body: saveBody },
      bodyLimit: REPORT_BODY_LIMIT,
      // after the auth hook, so the count is per user, not per address
      config: { rateLimit: { max: REPORTS_PER_USER, timeWindow: REPORT_WINDOW, hook: 'preHandler', keyGenerator: (r) => `report:${r.user?.id ?? r.ip}` } },
    },
    async (request) => {
      const { url, data, body, httpCode } = request.body;
      const problems = unstorable({ data, body });
      if (problems.length) throw badRequest('BAD_REQUEST', problems);
      const row = await db
        .insertInto('reporte_error')
        .values({ url, data: asText(data), body: asText(body), http_code: httpCode ?? null, usuario_id: authUser(request).id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('reporte_error')
        .where('id', '<=', sql<number>`${row.id}::int - ${KEPT_REPORTS}::int`)
        .execute();
      return { id: row.id };
    },
  );
}
