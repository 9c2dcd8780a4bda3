/**
 * Instructives (work instructions; spec §3, §4 instructive mode; issue 13): a procedure's tasks, applied to
 * activities. Its mode follows machines/instructiveMode.ts, run on every write with the stored record as the
 * starting point:
 *
 * - a new one is in elaboration; it becomes current (`instructivo/publish/{id}`, ADMIN / ROOT) only with at least
 *   one task (409 INSTRUCTIVO_SIN_TAREAS); only a current, active one gives its tasks to records (../tarea);
 * - a current one cannot change (409 INSTRUCTIVO_VIGENTE), nor its tasks, nor be deleted: it goes back to
 *   elaboration first (`instructivo/revise/{id}`), which raises its revision (the revision is the server's);
 * - it applies only to activities that allow tasks (406 ACTIVIDAD_SIN_TAREAS on `actividades.<i>.actividad`);
 * - `instructivo/pert/{id}`: its tasks with their PERT figures (./pert.ts); `instructivoExec/getFlowsPlaneam`:
 *   the planning of records' tasks (./planning.ts).
 */
import type { FieldError } from '../../../engine/errors';
import { ROLES } from '../../../engine/roles';
import { isInstructiveMode, isEditable, modeChange, type InstructiveMode } from '../../../machines/instructiveMode';
import { ApiError } from '../../http/api-error';
import { defineEntityServer, type ActionSpec, type Data, type DocContext, type StoredRecord, type WriteArgs } from '../../documents/types';
import { getFlowsPlaneam } from './planning';
import { pertAction } from './pert';

const ADMINS = [ROLES.ADMIN, ROLES.ROOT];
/** What the machine, not the user, changes. */
const MODE_FIELDS = new Set(['modo', 'revision', 'id', 'version']);

const modeOf = (r: Data | null): InstructiveMode => (r && isInstructiveMode(r.modo) ? r.modo : 'en_elaboracion');

async function definitionSize(ctx: DocContext, id: number | null): Promise<number> {
  if (id === null) return 0;
  const row = await ctx.trx
    .selectFrom('tarea')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('instructivo', '=', id)
    .where('registro', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A value as compared: child rows without their ids, no rows and no value alike. */
const bare = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.length
      ? v.map((row) => (row && typeof row === 'object' ? Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'id')) : row))
      : null
    : (v ?? null);

/** Does the write change anything but the mode? */
function changesContent(previous: StoredRecord, doc: Data): boolean {
  const keys = new Set([...Object.keys(previous), ...Object.keys(doc)].filter((k) => !MODE_FIELDS.has(k)));
  return [...keys].some((k) => JSON.stringify(bare(previous[k])) !== JSON.stringify(bare(doc[k])));
}

/** The revision is the server's: a sent one is replaced, unless the schema refuses it (then the write is refused). */
const fitsRevision = (v: unknown) => v === undefined || v === null || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 9999);

function normalize({ doc, previous }: WriteArgs): Data {
  return { ...doc, estado: doc.estado ?? 'activo', modo: doc.modo ?? modeOf(previous), revision: previous && fitsRevision(doc.revision) ? (previous.revision ?? 0) : (doc.revision ?? 0) };
}

async function validate({ doc, previous, id, ctx }: WriteArgs): Promise<FieldError[]> {
  const from = modeOf(previous);
  const to = modeOf(doc);
  if (previous && !isEditable(from) && changesContent(previous, doc)) throw new ApiError(409, 'INSTRUCTIVO_VIGENTE', [{ field: 'modo', code: 'INSTRUCTIVO_VIGENTE' }]);
  if (from !== to && !modeChange(from, to, Number(doc.revision ?? 0), await definitionSize(ctx, id)))
    throw new ApiError(409, 'INSTRUCTIVO_SIN_TAREAS', [{ field: 'modo', code: 'INSTRUCTIVO_SIN_TAREAS' }]);
  const activities = ((doc.actividades ?? []) as Data[]).map((a) => a.actividad as number);
  if (!activities.length) return [];
  const rows = await ctx.trx.selectFrom('actividad').select(['id', 'tareas_permitidas']).where('id', 'in', activities).execute();
  const allowed = new Set(rows.filter((r) => r.tareas_permitidas === true).map((r) => r.id as number));
  const known = new Set(rows.map((r) => r.id as number));
  return activities.flatMap((a, i) => (known.has(a) && !allowed.has(a) ? [{ field: `actividades.${i}.actividad`, code: 'ACTIVIDAD_SIN_TAREAS' }] : []));
}

/** The revision after the mode change (raised on going back to elaboration). */
async function derive({ doc, previous, id, ctx }: WriteArgs): Promise<Data> {
  const from = modeOf(previous);
  const to = modeOf(doc);
  if (from === to) return doc;
  const change = modeChange(from, to, Number(doc.revision ?? 0), await definitionSize(ctx, id));
  return { ...doc, revision: change!.revision };
}

const toMode = (modo: InstructiveMode): ActionSpec<{ version?: number }> => ({
  scope: 'record',
  roles: ADMINS,
  body: { type: 'object', additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 } } },
  async run({ ctx, record, body }) {
    if (body.version !== undefined && body.version !== record!.version) throw new ApiError(409, 'VERSION_CONFLICT');
    return ctx.docs.patch(ctx, 'instructivo', record!.id, { modo });
  },
});

export default defineEntityServer({
  needs: ['titulo', 'modo', 'revision', 'estado', 'actividades'],
  normalize,
  validate,
  derive,
  async beforeRemove({ previous }) {
    if (!isEditable(modeOf(previous))) throw new ApiError(409, 'INSTRUCTIVO_VIGENTE', [{ field: 'modo', code: 'INSTRUCTIVO_VIGENTE' }]);
  },
  actions: { publish: toMode('vigente'), revise: toMode('en_elaboracion'), pert: pertAction, getFlowsPlaneam },
});
