/**
 * Maintenance of records (spec §5, §7; /backOffice/mantenimientosConfig, ADMIN only; issue 12):
 *
 * - `workspace/GetCabsForDelete` `{referenciatexto}` previews the records whose reference text contains it from
 *   the start of a word, ignoring case ("obra" finds "Obra Dalvian" and "ampliación obra norte", not "Cobranza":
 *   a batch deleted by it must not take an unrelated record with it) (at least one character, else 400 on
 *   `referenciatexto`, code minLength): `{total, ids, registros:
 *   [{id, numero, fecha, referencia_texto, estado, actividad}], efectos: [{articulo, nombre, ubicacion, en_mano,
 *   comprometido}]}` — at most MAX_BATCH of them, and what deleting them does to stock (the reversal of their
 *   ledger rows, per article and location);
 * - `workspace/DeleteRegistrosCab` `{referenciatexto, ids}` deletes exactly those previewed records, in one
 *   transaction (their stock reversed, as any delete): if one is gone or no longer matches, nothing is deleted
 *   (409 VERSION_CONFLICT on `ids`). The call's audit entry names every record (its body); each delete has its own.
 */
import { sql } from 'kysely';
import { ROLES } from '../../../engine/roles';
import { ApiError, badRequest } from '../../http/api-error';
import type { ActionSpec, DocContext } from '../../documents/types';

export const MAX_BATCH = 1000;

/** A regular expression (PostgreSQL's) of the text from a word's start: `\m`, then every character as itself. */
const wordStartPattern = (text: string) => `\\m${text.replace(/[^\p{L}\p{N}\s]/gu, (c) => `\\${c}`)}`;

function patternOf(body: { referenciatexto?: unknown }): string {
  const text = typeof body.referenciatexto === 'string' ? body.referenciatexto.trim() : '';
  if (!text) throw badRequest('VALIDATION_FAILED', [{ field: 'referenciatexto', code: 'minLength', params: { min: 1 } }]);
  return wordStartPattern(text);
}

const matching = (ctx: DocContext, pattern: string) => ctx.trx.selectFrom('registro as r').where(sql<boolean>`r.referencia_texto ~* ${pattern}`);

async function preview(ctx: DocContext, pattern: string) {
  const { n } = await matching(ctx, pattern)
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .executeTakeFirstOrThrow();
  const registros = await matching(ctx, pattern)
    .leftJoin('actividad as a', 'a.id', 'r.actividad')
    .select(['r.id', 'r.numero', 'r.fecha', 'r.referencia_texto', 'r.estado', 'a.titulo as actividad'])
    .orderBy('r.id')
    .limit(MAX_BATCH)
    .execute();
  const ids = registros.map((r) => r.id as number);
  const efectos = ids.length
    ? await ctx.trx
        .selectFrom('stock_movimiento as m')
        .innerJoin('articulo as x', 'x.id', 'm.articulo')
        .select([
          'm.articulo',
          'x.nombre',
          'm.ubicacion',
          sql<number>`-sum(case when m.clase = 'impacto' then m.cantidad else 0 end)`.as('en_mano'),
          sql<number>`-sum(case when m.clase = 'compromiso' then m.cantidad else 0 end)`.as('comprometido'),
        ])
        .where('m.registro', 'in', ids)
        .groupBy(['m.articulo', 'x.nombre', 'm.ubicacion'])
        .having(sql<boolean>`sum(case when m.clase = 'impacto' then m.cantidad else 0 end) <> 0 or sum(case when m.clase = 'compromiso' then m.cantidad else 0 end) <> 0`)
        .orderBy('x.nombre')
        .orderBy('m.ubicacion')
        .execute()
    : [];
  return {
    total: Number(n),
    ids,
    registros,
    efectos: efectos.map((e) => ({ ...e, en_mano: Number(e.en_mano) || 0, comprometido: Number(e.comprometido) || 0 })),
  };
}

const textBody = { type: 'string', maxLength: 200 };

export const getCabsForDelete: ActionSpec<{ referenciatexto?: string }> = {
  scope: 'entity',
  path: 'workspace/GetCabsForDelete',
  roles: ROLES.ADMIN,
  read: true,
  body: { type: 'object', additionalProperties: false, properties: { referenciatexto: textBody } },
  run: ({ ctx, body }) => preview(ctx, patternOf(body)),
};

export const deleteRegistrosCab: ActionSpec<{ referenciatexto?: string; ids: number[] }> = {
  scope: 'entity',
  path: 'workspace/DeleteRegistrosCab',
  roles: ROLES.ADMIN,
  body: {
    type: 'object',
    required: ['ids'],
    additionalProperties: false,
    properties: { referenciatexto: textBody, ids: { type: 'array', minItems: 1, maxItems: MAX_BATCH, uniqueItems: true, items: { type: 'integer', minimum: 1 } } },
  },
  async run({ ctx, body }) {
    const pattern = patternOf(body);
    const rows = await matching(ctx, pattern).select(['r.id', 'r.padre']).where('r.id', 'in', body.ids).forUpdate().execute();
    if (rows.length !== body.ids.length) throw new ApiError(409, 'VERSION_CONFLICT', [{ field: 'ids', code: 'VERSION_CONFLICT' }]);
    // children before their parents (a parent with a child is not deleted while the child is there)
    const parent = new Map(rows.map((r) => [r.id as number, (r.padre as number | null) ?? null]));
    const depth = (id: number, seen = 0): number => {
      const p = parent.get(id);
      return p != null && parent.has(p) && seen < MAX_BATCH ? 1 + depth(p, seen + 1) : 0;
    };
    const order = [...parent.keys()].sort((a, b) => depth(b) - depth(a) || b - a);
    for (const id of order) await ctx.docs.remove(ctx, 'registro', id);
    return { eliminados: order.length, ids: [...body.ids].sort((a, b) => a - b) };
  },
};
