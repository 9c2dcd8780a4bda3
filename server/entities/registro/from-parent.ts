/**
 * Records made from a parent record (partial deliveries, issue 11): `registro/fromParent/{parentId}`
 * `{actividad, fecha?, items: [{parentItem, cantidad}]}` makes a record in a related child activity of the
 * parent's activity (else 400 ERROR_ESTADO_SIGUINETE), in a verified flow that has that activity (the parent's
 * flow when it does), whose items copy the parent items' article, price, adjustment, tax rate and measures.
 * A child item's quantity cannot exceed what remains of its parent item: 406 CANTIDAD_SUPERA_PADRE (also when
 * a child record is edited). A shown record tells, per item, what its children took (`entregado`) and what
 * remains (`restante`); cancelled children do not count.
 */
import Big from 'big.js';
import type { FieldError } from '../../../engine/errors';
import { ApiError } from '../../http/api-error';
import type { ActionSpec, Data, DocContext, StoredRecord } from '../../documents/types';
import { activityOf } from './context';
import { checkAccess } from './holding';
import { managed } from './managed';

/** Quantities taken from each parent item by child records (except `exceptRecord`), by item id. */
async function taken(ctx: DocContext, parentItems: number[], exceptRecord: number | null): Promise<Map<number, Big>> {
  if (!parentItems.length) return new Map();
  let q = ctx.trx
    .selectFrom('registro__items as i')
    .innerJoin('registro as r', 'r.id', 'i.parent_id')
    .select(['i.item_padre', 'i.cantidad'])
    .where('i.item_padre', 'in', parentItems)
    .where('r.estado', '<>', 'anulado');
  if (exceptRecord !== null) q = q.where('r.id', '<>', exceptRecord);
  const out = new Map<number, Big>();
  for (const row of await q.execute()) out.set(row.item_padre as number, (out.get(row.item_padre as number) ?? new Big(0)).plus(row.cantidad as number));
  return out;
}

/** Items over what remains of their parent item: 406 CANTIDAD_SUPERA_PADRE on `items.<i>.cantidad`. */
export async function quantityErrors(ctx: DocContext, doc: Data, previous: StoredRecord | null): Promise<FieldError[]> {
  const items = (Array.isArray(doc.items) ? doc.items : []) as Data[];
  const linked = items.map((item, i) => ({ item, i })).filter(({ item }) => typeof item.item_padre === 'number');
  if (!linked.length) return [];
  const ids = [...new Set(linked.map(({ item }) => item.item_padre as number))];
  const parents = await ctx.trx.selectFrom('registro__items').select(['id', 'cantidad', 'parent_id']).where('id', 'in', ids).execute();
  const byId = new Map(parents.map((p) => [p.id as number, p]));
  const others = await taken(ctx, ids, previous?.id ?? null);
  const errors: FieldError[] = [];
  const used = new Map<number, Big>();
  for (const { item, i } of linked) {
    const parent = byId.get(item.item_padre as number);
    if (!parent || parent.parent_id !== doc.padre) {
      errors.push({ field: `items.${i}.item_padre`, code: 'REGISTROCUERPO_NOT_FOUND' });
      continue;
    }
    const sum = (used.get(parent.id as number) ?? new Big(0)).plus(item.cantidad as number);
    used.set(parent.id as number, sum);
    const remains = new Big(parent.cantidad as number).minus(others.get(parent.id as number) ?? 0);
    if (sum.gt(remains)) errors.push({ field: `items.${i}.cantidad`, code: 'CANTIDAD_SUPERA_PADRE', params: { max: Number(remains.toFixed()) } });
  }
  return errors;
}

/** The record with, per item, what child records took and what remains (only for records that have children). */
export async function deliveries(ctx: DocContext, record: StoredRecord): Promise<StoredRecord> {
  const items = (Array.isArray(record.items) ? record.items : []) as Data[];
  if (!items.length) return record;
  const sums = await taken(ctx, items.map((i) => i.id as number), null);
  if (!sums.size) return record;
  return {
    ...record,
    items: items.map((i) => {
      const got = sums.get(i.id as number) ?? new Big(0);
      return { ...i, entregado: Number(got.toFixed()), restante: Number(new Big(i.cantidad as number).minus(got).toFixed()) };
    }),
  };
}

interface FromParentBody {
  actividad: number;
  fecha?: string;
  items: { parentItem: number; cantidad: number }[];
}

export const fromParent: ActionSpec<FromParentBody> = {
  scope: 'record',
  body: {
    type: 'object',
    required: ['actividad', 'items'],
    additionalProperties: false,
    properties: {
      actividad: { type: 'integer', minimum: 1 },
      fecha: { type: 'string', format: 'date' },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 2000,
        items: {
          type: 'object',
          required: ['parentItem', 'cantidad'],
          additionalProperties: false,
          properties: { parentItem: { type: 'integer', minimum: 1 }, cantidad: { type: 'number', exclusiveMinimum: 0, maxDecimals: 4 } },
        },
      },
    },
  },
  async run({ ctx, record, body }) {
    const parent = record!;
    await checkAccess(ctx, parent.actividad as number);
    const from = await activityOf(ctx, parent.actividad as number);
    if (!(from.hijas ?? []).some((h) => h.actividad === body.actividad))
      throw new ApiError(400, 'ERROR_ESTADO_SIGUINETE', [{ field: 'actividad', code: 'ERROR_ESTADO_SIGUINETE' }]);
    const flujo = await flowHaving(ctx, body.actividad, parent.flujo as number);
    const parentItems = new Map(((parent.items ?? []) as Data[]).map((i) => [i.id as number, i]));
    const items = body.items.map((x, i) => {
      const p = parentItems.get(x.parentItem);
      if (!p) throw new ApiError(406, 'REGISTROCUERPO_NOT_FOUND', [{ field: `items.${i}.parentItem`, code: 'REGISTROCUERPO_NOT_FOUND' }]);
      const { id: _id, subtotal: _s, impuesto: _t, total: _u, factor: _f, item_padre: _p, ...copy } = p;
      return { ...copy, cantidad: x.cantidad, item_padre: x.parentItem };
    });
    const child = {
      flujo,
      actividad: body.actividad,
      fecha: body.fecha ?? new Date().toISOString().slice(0, 10),
      padre: parent.id,
      ...(parent.cliente !== undefined ? { cliente: parent.cliente } : {}),
      ...(parent.vendedor !== undefined ? { vendedor: parent.vendedor } : {}),
      ...(parent.referencia_texto !== undefined ? { referencia_texto: parent.referencia_texto } : {}),
      items,
    };
    return managed(ctx, () => ctx.docs.insert(ctx, 'registro', child));
  },
};

/** The flow a child record goes in: the parent's when it has the activity as a step, else a verified one that does. */
async function flowHaving(ctx: DocContext, actividad: number, preferred: number): Promise<number> {
  const rows = await ctx.trx
    .selectFrom('flujo__nodos as n')
    .innerJoin('flujo as f', 'f.id', 'n.parent_id')
    .select('f.id')
    .where('n.actividad', '=', actividad)
    .where('f.verificado', '=', true)
    .orderBy('f.id')
    .execute();
  const ids = rows.map((r) => r.id as number);
  if (ids.includes(preferred)) return preferred;
  if (!ids.length) throw new ApiError(406, 'FLGR2033', [{ field: 'actividad', code: 'FLGR2033' }]);
  return ids[0];
}
