/**
 * The stock module's own calls:
 *
 * - `stock_movimiento/balance` `{articulo}` -> `{articulo, en_mano, comprometido, disponible, ubicaciones:
 *   [{ubicacion, en_mano, comprometido, disponible}]}`: an article's stock, read from the summary (fast at any
 *   size of the ledger);
 * - `stock_movimiento/adjust` `{articulo, ubicacion, cantidad, motivo?, apertura?}` (ADMIN, ROOT): one movement
 *   of on-hand stock, signed (an inventory count, the opening stock of a new article); the location must be
 *   one the article declares; services, compound and wallet articles are moved by records only (code `enum`);
 *   taking out more than is available: 406 STOCK_INSUFICIENTE on `cantidad`;
 * - `stock_movimiento/verify` (ADMIN, ROOT) -> `{ok, diferencias}`: every balance against the ledger's sums;
 * - `stock_movimiento/rebuild` `{confirmar: true}` (ROOT) -> `{ok, corregidas}`: the balances written again from the ledger.
 */
import { ROLES } from '../../../engine/roles';
import { available } from '../../../engine/stock/effects';
import { ApiError, badRequest } from '../../http/api-error';
import type { ActionSpec } from '../../documents/types';
import { articlesOf, DEFAULT_LOCATION } from './articles';
import { balancesOf, totalOf, writeMovements } from './ledger';
import { drift, rebuild } from './rebuild';

const ADMINS = [ROLES.ADMIN, ROLES.ROOT];

export const balance: ActionSpec<{ articulo: number }> = {
  scope: 'entity',
  read: true,
  body: { type: 'object', required: ['articulo'], additionalProperties: false, properties: { articulo: { type: 'integer', minimum: 1 } } },
  async run({ ctx, body }) {
    const places = (await balancesOf(ctx.trx, [body.articulo])).get(body.articulo);
    const ubicaciones = [...(places ?? new Map()).entries()].map(([ubicacion, b]) => ({ ubicacion, ...b, disponible: available(b) }));
    return { articulo: body.articulo, ...totalOf(places), ubicaciones };
  },
};

interface AdjustBody {
  articulo: number;
  ubicacion: string;
  cantidad: number;
  motivo?: string;
  apertura?: boolean;
}

export const adjust: ActionSpec<AdjustBody> = {
  scope: 'entity',
  roles: ADMINS,
  body: {
    type: 'object',
    required: ['articulo', 'ubicacion', 'cantidad'],
    additionalProperties: false,
    properties: {
      articulo: { type: 'integer', minimum: 1 },
      ubicacion: { type: 'string', minLength: 1, maxLength: 120 },
      cantidad: { type: 'number', minimum: -1000000000, maximum: 1000000000, maxDecimals: 4 },
      motivo: { type: 'string', maxLength: 500 },
      apertura: { type: 'boolean' },
    },
  },
  async run({ ctx, body }) {
    if (body.cantidad === 0) throw badRequest('VALIDATION_FAILED', [{ field: 'cantidad', code: 'required' }]);
    const article = (await articlesOf(ctx.trx, [body.articulo])).get(body.articulo);
    if (!article || article.es_servicio || article.es_cheque || article.es_a_medida || article.es_compuesto)
      throw badRequest('VALIDATION_FAILED', [{ field: 'articulo', code: 'enum' }]);
    const ubicacion = body.ubicacion.trim();
    const places = article.ubicaciones.length ? article.ubicaciones : [DEFAULT_LOCATION];
    if (!places.includes(ubicacion)) throw badRequest('VALIDATION_FAILED', [{ field: 'ubicacion', code: 'enum', params: { allowedValues: places } }]);
    const problems = await writeMovements(ctx, [
      { articulo: article.id, ubicacion, clase: 'impacto', cantidad: body.cantidad, origen: body.apertura ? 'apertura' : 'ajuste', motivo: body.motivo?.trim() || null, demanding: body.cantidad < 0 },
    ]);
    if (problems.length) {
      const p = problems[0];
      throw new ApiError(406, p.code, [{ field: 'cantidad', code: p.code, params: { articulo: article.nombre, ubicacion: p.ubicacion, disponible: p.disponible } }]);
    }
    const places2 = (await balancesOf(ctx.trx, [article.id])).get(article.id);
    const b = places2?.get(ubicacion) ?? { en_mano: 0, comprometido: 0 };
    return { articulo: article.id, ubicacion, ...b, disponible: available(b) };
  },
};

export const verify: ActionSpec = {
  scope: 'entity',
  read: true,
  roles: ADMINS,
  async run({ ctx }) {
    const diferencias = await drift(ctx.trx);
    return { ok: diferencias.length === 0, diferencias };
  },
};

export const rebuildAction: ActionSpec = {
  scope: 'entity',
  roles: ROLES.ROOT,
  // it rewrites every balance: asked for on purpose only
  body: { type: 'object', required: ['confirmar'], additionalProperties: false, properties: { confirmar: { const: true } } },
  async run({ ctx }) {
    const corregidas = (await drift(ctx.trx)).length;
    await rebuild(ctx.trx);
    return { ok: true, corregidas };
  },
};
