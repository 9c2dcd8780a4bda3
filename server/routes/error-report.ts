/** The Report button of the unknown-error toast stores what happened (spec §7 Reports). */
import type { FastifyInstance } from 'fastify';
import { authUser } from '../auth/guard';
import type { AppContext } from './context';

const saveBody = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', maxLength: 4000 },
    data: {},
    body: {},
    httpCode: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
  },
} as const;

/** Strings are kept as they are; anything else as JSON. */
const asText = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

export function reporteErrorRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post<{ Body: { url: string; data?: unknown; body?: unknown; httpCode?: number | null } }>(
    '/reporteError/save',
    { schema: { body: saveBody } },
    async (request) => {
      const { url, data, body, httpCode } = request.body;
      const row = await db
        .insertInto('reporte_error')
        .values({ url, data: asText(data), body: asText(body), http_code: httpCode ?? null, usuario_id: authUser(request).id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  );
}
