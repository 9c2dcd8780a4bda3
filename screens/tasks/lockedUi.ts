/**
 * The task form's uiSchema for one task: the fields its state locks (machines/taskState.ts) read-only with the
 * reason under them, and the parent and dependency selects offering only tasks of the same group (the
 * instructive's own tasks, or one record's).
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { UiSchema } from '../../engine/metadata/types';
import { locksOf, type TaskState } from '../../machines/taskState';

export const LOCK_REASON: Record<string, string> = { 'lock:inicio': 'tasks.locks.inicio', 'lock:fin': 'tasks.locks.fin', 'lock:horas': 'tasks.locks.horas' };

type Node = Record<string, unknown>;

export function taskUi(entity: ResolvedEntity, estado: TaskState, group: { instructivo?: number; registro?: number | null }): UiSchema {
  const ui: Node = { ...(entity.ui ?? {}) };
  for (const lock of locksOf(estado)) ui[lock.field] = { ...((ui[lock.field] as Node | undefined) ?? {}), 'ui:readonly': true, 'ui:description': LOCK_REASON[lock.tag] };
  if (group.instructivo !== undefined) {
    const filters = { instructivo: group.instructivo, registro: group.registro ?? null };
    ui.padre = { ...((ui.padre as Node | undefined) ?? {}), 'ui:options': { filters } };
    ui.predecesoras = { items: { tarea: { 'ui:options': { filters } } } };
    // a task stays in its instructive
    ui.instructivo = { ...((ui.instructivo as Node | undefined) ?? {}), 'ui:readonly': true };
  }
  return ui as UiSchema;
}
