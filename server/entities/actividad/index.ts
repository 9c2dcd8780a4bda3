/**
 * What an activity (spec §3 Process and activity; /backOffice/process/status/:id) adds to its metadata. Its
 * flag rules are pure (schemas/actividad/rules.ts, engine/workflow/activity.ts); here:
 *
 * - a stock commitment cannot change while records exist in the activity: 406 ACTIVIDAD_CON_REGISTROS on
 *   `compromiso_stock` (spec §5); nor its stock impact (`impacto_stock`): the ledger reads both to know what
 *   the records in it move (server/entities/stock_movimiento);
 * - `POST /api/status/duplicate/` `{id}` (spec §7): a copy of the activity with a new coding (`<coding>-2`,
 *   `-3`, … the first free one), revision 0, the same flags, positions and related activities.
 */
import { foldText } from '../../../engine/text/fold';
import { badRequest, notFound } from '../../http/api-error';
import { defineEntityServer, type Data, type DocContext, type WriteArgs } from '../../documents/types';

/** The entity of records (issue 11); until it exists no activity has records. */
const RECORDS = 'registro';

async function hasRecords(ctx: DocContext, actividad: number): Promise<boolean> {
  if (!ctx.docs.entities().some((e) => e.name === RECORDS)) return false;
  const row = await ctx.trx.selectFrom(RECORDS).select('id').where('actividad', '=', actividad).limit(1).executeTakeFirst();
  return Boolean(row);
}

async function validate({ doc, previous, ctx }: WriteArgs) {
  if (!previous) return [];
  const changed = [
    ...((previous.compromiso_stock === true) !== (doc.compromiso_stock === true) ? ['compromiso_stock'] : []),
    ...((previous.impacto_stock ?? 'ninguno') !== (doc.impacto_stock ?? 'ninguno') ? ['impacto_stock'] : []),
  ];
  if (changed.length && (await hasRecords(ctx, previous.id))) return changed.map((field) => ({ field, code: 'ACTIVIDAD_CON_REGISTROS' }));
  return [];
}

/** The first `<base>-n` (n from 2) no activity uses, compared as the unique rule compares codings. */
async function freeCoding(ctx: DocContext, base: string): Promise<string> {
  const rows = await ctx.trx.selectFrom('actividad').select('codificacion').where('codificacion', 'is not', null).execute();
  const taken = new Set(rows.map((r) => foldText(String(r.codificacion))));
  for (let n = 2; ; n++) if (!taken.has(foldText(`${base}-${n}`))) return `${base}-${n}`;
}

const withoutIds = (rows: unknown) => (Array.isArray(rows) ? rows.map(({ id: _id, ...rest }: Data) => rest) : rows);

export default defineEntityServer({
  needs: ['proceso', 'codificacion', 'titulo', 'compromiso_stock'],
  validate,
  actions: {
    duplicate: {
      scope: 'entity',
      path: 'status/duplicate',
      body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } }, additionalProperties: false },
      async run({ ctx, body }) {
        const source = await ctx.docs.get(ctx, 'actividad', (body as { id: number }).id, { raw: true });
        if (!source) throw notFound();
        const { id: _id, version: _version, ...fields } = source;
        const base = typeof fields.codificacion === 'string' && fields.codificacion.trim() ? fields.codificacion.trim() : null;
        if (!base) throw badRequest('VALIDATION_FAILED', [{ field: 'codificacion', code: 'required' }]);
        const copy: Data = { ...fields, codificacion: await freeCoding(ctx, base), revision: 0 };
        for (const child of ['puestos', 'padres', 'hijas']) copy[child] = withoutIds(fields[child]);
        return ctx.docs.insert(ctx, 'actividad', copy);
      },
    },
  },
});
