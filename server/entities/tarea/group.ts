/**
 * A group of tasks: those of one instructive (its definition, no record) or those one record got from it.
 * Dependencies and parents stay inside a group; PERT runs over a group (engine/planning/pert.ts): the critical
 * flags are computed, never typed, and set again after every change of a group.
 */
import { daysBetween } from '../../../engine/planning/days';
import { findCycle, pert, type PertTaskInput } from '../../../engine/planning/pert';
import type { Data, DocContext } from '../../documents/types';
import { internal } from './internal';

export interface Group {
  instructivo: number;
  registro: number | null;
}

export interface GroupTask extends PertTaskInput {
  id: number;
  titulo: string;
  estado: string;
  critica: boolean;
  predecesoras: number[];
}

export const groupOf = (t: Data): Group => ({ instructivo: t.instructivo as number, registro: (t.registro as number | null | undefined) ?? null });

export const sameGroup = (a: Group, b: Group) => a.instructivo === b.instructivo && a.registro === b.registro;

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** A task row as PERT takes it: its three-point estimate, or else the days its estimated dates span. */
export function pertInput(row: Data, predecesoras: number[]): GroupTask {
  const span = daysBetween(row.fecha_inicio_estimada as string | null, row.fecha_fin_estimada as string | null);
  return {
    id: row.id as number,
    titulo: String(row.titulo ?? ''),
    estado: String(row.estado ?? 'no_iniciada'),
    critica: row.critica === true,
    optimista: num(row.tiempo_optimista),
    probable: num(row.tiempo_probable),
    pesimista: num(row.tiempo_pesimista),
    duracion: span === null || span < 0 ? null : span + 1,
    predecesoras,
  };
}

const COLUMNS = ['id', 'titulo', 'estado', 'critica', 'tiempo_optimista', 'tiempo_probable', 'tiempo_pesimista', 'fecha_inicio_estimada', 'fecha_fin_estimada'];

/** The tasks of several groups at once (by instructive or by record), with their dependencies. */
export async function loadTasks(ctx: DocContext, where: (q: any) => any): Promise<(GroupTask & { row: Data })[]> {
  const rows = (await where(ctx.trx.selectFrom('tarea').select([...COLUMNS, 'instructivo', 'registro', 'padre', 'version'])).orderBy('id').execute()) as Data[];
  if (!rows.length) return [];
  const preds = new Map<number, number[]>();
  const ids = rows.map((r) => r.id as number);
  for (let i = 0; i < ids.length; i += 5000) {
    const edges = await ctx.trx.selectFrom('tarea__predecesoras').select(['parent_id', 'tarea']).where('parent_id', 'in', ids.slice(i, i + 5000)).orderBy('position').execute();
    for (const e of edges) preds.set(e.parent_id as number, [...(preds.get(e.parent_id as number) ?? []), e.tarea as number]);
  }
  return rows.map((r) => ({ ...pertInput(r, preds.get(r.id as number) ?? []), row: r }));
}

export const groupWhere = (g: Group) => (q: any) =>
  q.where('instructivo', '=', g.instructivo).where('registro', g.registro === null ? 'is' : '=', g.registro);

/** A dependency cycle the group would have with `id` waiting for `predecesoras`, as task titles; or null. */
export async function cycleWith(ctx: DocContext, g: Group, id: number | null, predecesoras: number[]): Promise<string[] | null> {
  if (id === null) return null; // nobody waits for a task that does not exist yet
  const tasks = await loadTasks(ctx, groupWhere(g));
  const inputs = tasks.map((t) => (t.id === id ? { ...t, predecesoras } : t));
  const cycle = findCycle(inputs);
  if (!cycle) return null;
  const titles = new Map(tasks.map((t) => [t.id, t.titulo]));
  return cycle.map((c) => titles.get(c as number) ?? `#${c}`);
}

/** Sets the group's critical flags from its PERT, through the pipeline, where they changed. */
export async function refreshCritical(ctx: DocContext, g: Group): Promise<void> {
  const tasks = await loadTasks(ctx, groupWhere(g));
  if (!tasks.length || findCycle(tasks)) return;
  const result = pert(tasks);
  await internal(ctx, async () => {
    for (const t of tasks) {
      const critical = result.byId.get(t.id)!.critical;
      if (critical !== t.critica) await ctx.docs.patch(ctx, 'tarea', t.id, { critica: critical });
    }
  });
}
