/**
 * Writes of tasks the server makes itself (the tasks a record gets, the computed critical flags): inside
 * `internal`, a task's server-set fields (its record, activity, template, holder, critical flag) are taken as
 * given, the caller's permissions are not asked, and the critical flags are not recomputed after each write
 * (the writer does it once).
 */
import type { DocContext } from '../../documents/types';

const writing = new WeakSet<DocContext>();

export async function internal<T>(ctx: DocContext, fn: () => Promise<T>): Promise<T> {
  if (writing.has(ctx)) return fn();
  writing.add(ctx);
  try {
    return await fn();
  } finally {
    writing.delete(ctx);
  }
}

export const isInternal = (ctx: DocContext) => writing.has(ctx);

/** The fields of a task only the server sets. */
export const SERVER_SET = ['critica', 'registro', 'actividad', 'plantilla', 'asignado_a', 'asignado_nombre', 'fecha_inicio_real', 'fecha_fin_real'] as const;
