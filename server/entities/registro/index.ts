/**
 * Records (spec §3 Record header and body; route `execution`): one piece of work in an activity of a flow.
 * What the record module adds to its metadata (schemas/registro):
 *
 * - a record is created in an activity step of a verified flow (406 FLGR2033; another activity: 400
 *   ERROR_ESTADO_SIGUINETE), by someone who may work in that activity (403 REGISTRO_SIN_PERMISO), with items
 *   when the activity requires a body (`items`, code minItems); it takes its number from the activity's (or the
 *   flow's, or the default) sequence in the same transaction;
 * - its money is computed by the server (./pricing.ts); a closed record is not changed (409 REGISTRO_CERRADO);
 * - its number, state, place in the flow, holder and parent are the server's (./managed.ts): moves, take and
 *   release (./moves.ts, ./holding.ts), a record from its parent (./from-parent.ts), cancel (./cancel.ts); in save
 *   mode `elegido` a save names the next holder (`asignar_a`), from `registro/responsables` (./responsibles.ts);
 * - parties and articles edited from the record form as the activity's edit modes allow (./inline-edits.ts);
 * - maintenance: the preview and delete of a batch of records by reference text (./maintenance.ts);
 * - its stock effects are the stock module's (server/entities/stock_movimiento, a subscriber to its writes);
 * - `registro/index` also takes `fecha_desde` and `fecha_hasta` (YYYY-MM-DD, inclusive); lists and selects show
 *   only records of activities the caller may work in.
 */
import { isRealDay } from '../../../engine/dates';
import { activitySteps } from '../../../engine/flow/next';
import type { FieldError } from '../../../engine/errors';
import { ApiError, badRequest } from '../../http/api-error';
import { defineEntityServer, SYSTEM_ACTOR, type Data, type DocContext, type StoredRecord, type WriteArgs } from '../../documents/types';
import { workableWhere } from '../actividad/access';
import type { Where } from '../list';
import { nextNumber, sequenceIdByName } from '../secuencia/numbers';
import { activityOf, beginWrite, endWrite, verifiedFlow } from './context';
import { deliveries, fromParent, quantityErrors } from './from-parent';
import { checkAccess, checkHolder, checkNotEnded, preassigned, savedHolder } from './holding';
import { article, articleShow, party, partyShow } from './inline-edits';
import { responsibles } from './responsibles';
import { isManaged, keepManaged, MANAGED } from './managed';
import { cancel } from './cancel';
import { deleteRegistrosCab, getCabsForDelete } from './maintenance';
import { move, nextStepsAction } from './moves';
import { priced } from './pricing';
import { release, take } from './take';

/** The sequence records take their number from when neither their activity nor their flow names one. */
export const DEFAULT_SEQUENCE = 'Registros';
/** What a shown record's items carry besides their fields (./from-parent.ts), dropped when sent back. */
const SHOWN_ONLY = ['entregado', 'restante'];
/** Who a save names as the next holder (save mode `elegido`, ./holding.ts): not a field, taken out by normalize. */
const named = new WeakMap<DocContext, number | null>();
/** A write that makes a record, from its derive to its present: no child record can have taken from its items yet. */
const made = new WeakSet<DocContext>();

function normalize({ doc, previous, ctx }: WriteArgs): Data {
  beginWrite(ctx);
  const items = Array.isArray(doc.items)
    ? doc.items.map((i) => {
        if (!i || typeof i !== 'object') return i;
        const out = { ...(i as Data) };
        for (const f of SHOWN_ONLY) delete out[f];
        return out;
      })
    : doc.items;
  const { asignar_a, ...clean }: Data = { ...doc, items };
  if (asignar_a === null || (typeof asignar_a === 'number' && Number.isInteger(asignar_a) && asignar_a > 0)) named.set(ctx, asignar_a);
  else if (asignar_a !== undefined) throw new ApiError(400, 'VALIDATION_FAILED', [{ field: 'asignar_a', code: 'type', params: { type: 'integer' } }]);
  else named.delete(ctx);
  return isManaged(ctx) ? clean : keepManaged(clean, previous, true);
}

async function validate({ doc, previous, ctx }: WriteArgs): Promise<FieldError[]> {
  const actividad = doc.actividad as number;
  if (!previous) {
    const flow = await verifiedFlow(ctx, doc.flujo as number);
    if (!activitySteps(flow.graph, actividad).length)
      throw new ApiError(400, 'ERROR_ESTADO_SIGUINETE', [{ field: 'actividad', code: 'ERROR_ESTADO_SIGUINETE' }]);
  }
  // a move, take or release (the module's own updates) checked the caller where the record was (./moves.ts)
  if (ctx.actor !== SYSTEM_ACTOR && !(previous && isManaged(ctx))) await checkAccess(ctx, actividad);
  const activity = await activityOf(ctx, actividad);
  if (previous && !isManaged(ctx)) {
    checkNotEnded(ctx.actor, previous);
    checkHolder(ctx.actor, previous, activity);
  }
  const errors: FieldError[] = [];
  if (activity.cuerpo_requerido && !(Array.isArray(doc.items) && doc.items.length)) errors.push({ field: 'items', code: 'minItems', params: { min: 1 } });
  errors.push(...(await quantityErrors(ctx, doc, previous)));
  return errors;
}

/** The number of a new record: from the activity's sequence, else the flow's, else the default one. */
async function number(ctx: DocContext, doc: Data, activity: { secuencia?: number }): Promise<{ numero: string; numero_valor: number }> {
  const flow = await verifiedFlow(ctx, doc.flujo as number);
  const sequence = activity.secuencia ?? flow.secuencia ?? (await sequenceIdByName(ctx, DEFAULT_SEQUENCE));
  if (sequence === undefined) throw badRequest('VALIDATION_FAILED', [{ field: 'secuencia', code: 'required' }]);
  const taken = await nextNumber(ctx, sequence);
  return { numero: taken.formatted, numero_valor: taken.value };
}

async function derive({ doc, previous, ctx }: WriteArgs): Promise<Data> {
  const activity = await activityOf(ctx, doc.actividad as number);
  const out = await priced(ctx, doc, activity);
  const chosen = isManaged(ctx) ? {} : await savedHolder(ctx, activity, named.get(ctx));
  if (previous) return { ...out, ...chosen };
  made.add(ctx);
  const flow = await verifiedFlow(ctx, doc.flujo as number);
  const holder = isManaged(ctx) && doc.asignado_a !== undefined ? {} : { ...(await preassigned(ctx, activity, undefined)), ...chosen };
  return {
    ...out,
    ...(await number(ctx, doc, activity)),
    nodo: activitySteps(flow.graph, activity.id)[0],
    pila: { pasos: [] },
    estado: activity.actividad_espera ? 'en_espera' : 'abierto',
    ...holder,
  };
}

async function present(record: StoredRecord, ctx: DocContext): Promise<StoredRecord> {
  endWrite(ctx);
  // the module's own writes (a move, take, release) were checked before; a move may well take the record to an
  // activity the mover does not work in (an order leaves sales for the warehouse): it answers the moved record
  if (ctx.actor !== SYSTEM_ACTOR && !isManaged(ctx)) await checkAccess(ctx, record.actividad as number);
  if (made.delete(ctx)) return record;
  return deliveries(ctx, record);
}

function parseDateRange(body: Record<string, unknown>): { wheres: Where[]; errors: FieldError[] } {
  const wheres: Where[] = [];
  const errors: FieldError[] = [];
  for (const [key, op] of [['fecha_desde', '>='], ['fecha_hasta', '<=']] as const) {
    const v = body[key];
    if (v == null || v === '') continue;
    if (typeof v !== 'string' || !isRealDay(v)) errors.push({ field: key, code: 'format', params: { format: 'date' } });
    else wheres.push((eb) => eb('fecha', op, v));
  }
  return { wheres, errors };
}

export default defineEntityServer({
  needs: ['numero', 'fecha', 'cliente', 'estado', 'flujo', 'actividad', 'nodo', 'asignado_a', 'items', 'total'],
  // what a form sends back as it read them is taken as the stored value; a value of another shape is refused
  serverOwned: MANAGED,
  normalize,
  validate,
  derive,
  present,
  // its attachments go with it (they live in a core table of their own)
  afterRemove: async ({ previous, ctx }) => {
    await ctx.trx.deleteFrom('adjunto').where('registro', '=', previous.id).execute();
  },
  index: { keys: ['fecha_desde', 'fecha_hasta'], parse: parseDateRange },
  rowScope: workableWhere,
  actions: { move, nextSteps: nextStepsAction, responsables: responsibles, party, article, partyShow, articleShow, take, release, fromParent, cancel, GetCabsForDelete: getCabsForDelete, DeleteRegistrosCab: deleteRegistrosCab },
  // the default numbering of records, made once; an administrator may rename its prefix or padding
  async seed(ctx) {
    if ((await sequenceIdByName(ctx, DEFAULT_SEQUENCE)) === undefined)
      await ctx.docs.insert(ctx, 'secuencia', { nombre: DEFAULT_SEQUENCE, prefijo: 'R-', relleno_ceros: 6, proximo_valor: 1, reinicio_anual: false });
  },
});
