/**
 * A task's state (spec §4, issue 13): not started -> started -> finished, and an ADMIN may reopen a finished
 * task (it is started again). The edit locks are tags of the states, so what a state forbids is said where the
 * state is: estimated start cannot change once started or finished; estimated end and hours cannot change once
 * finished. Pure: the server runs it on every write of a task (the stored state is the snapshot the write
 * starts from), the browser to offer the actions and to show locked fields read-only.
 */
import { setup, transition, type SnapshotFrom } from 'xstate';
import { hasRole, ROLES } from '../engine/roles';
import type { FieldError } from '../engine/errors';

export const TASK_STATES = ['no_iniciada', 'iniciada', 'finalizada'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export type TaskEvent = { type: 'START' } | { type: 'FINISH' } | { type: 'REOPEN'; roles: readonly string[] };

/** A lock: the tag a state carries, the field it holds, the code a change of it answers. */
export const TASK_LOCKS = [
  { tag: 'lock:inicio', field: 'fecha_inicio_estimada', code: 'TAREA_INICIO_BLOQUEADO' },
  { tag: 'lock:fin', field: 'fecha_fin_estimada', code: 'TAREA_FIN_BLOQUEADO' },
  { tag: 'lock:horas', field: 'horas_asignadas', code: 'TAREA_HORAS_BLOQUEADAS' },
] as const;
export type TaskLock = (typeof TASK_LOCKS)[number];

export const taskStateMachine = setup({
  types: {
    events: {} as TaskEvent,
    tags: {} as TaskLock['tag'],
  },
  guards: {
    /** Spec: reopening is for ADMIN. */
    byAdmin: ({ event }) => event.type === 'REOPEN' && hasRole(event.roles, ROLES.ADMIN),
  },
}).createMachine({
  id: 'taskState',
  initial: 'no_iniciada',
  states: {
    no_iniciada: { on: { START: 'iniciada' } },
    iniciada: { tags: ['lock:inicio'], on: { FINISH: 'finalizada' } },
    finalizada: { tags: ['lock:inicio', 'lock:fin', 'lock:horas'], on: { REOPEN: { guard: 'byAdmin', target: 'iniciada' } } },
  },
});

export type TaskSnapshot = SnapshotFrom<typeof taskStateMachine>;

export const isTaskState = (s: unknown): s is TaskState => (TASK_STATES as readonly unknown[]).includes(s);

/** The machine standing in `state` (a stored task's). */
export const taskSnapshot = (state: TaskState): TaskSnapshot => taskStateMachine.resolveState({ value: state });

/** The locks of a state. */
export const locksOf = (state: TaskState): TaskLock[] => {
  const snapshot = taskSnapshot(state);
  return TASK_LOCKS.filter((l) => snapshot.hasTag(l.tag));
};

/** The events a user with `roles` may send in `state` (what the screens offer). */
export function allowedEvents(state: TaskState, roles: readonly string[]): TaskEvent['type'][] {
  const snapshot = taskSnapshot(state);
  const events: TaskEvent[] = [{ type: 'START' }, { type: 'FINISH' }, { type: 'REOPEN', roles }];
  return events.filter((e) => snapshot.can(e)).map((e) => e.type);
}

/** The state after `event`, or null when `state` does not take it (or its guard refuses). */
export function nextState(state: TaskState, event: TaskEvent): TaskState | null {
  const snapshot = taskSnapshot(state);
  if (!snapshot.can(event)) return null;
  const [next] = transition(taskStateMachine, snapshot, event);
  return next.value as TaskState;
}

/** The event that takes `from` to `to` for a user with `roles`, or null when none may. */
export function eventBetween(from: TaskState, to: TaskState, roles: readonly string[]): TaskEvent | null {
  const candidates: TaskEvent[] = [{ type: 'START' }, { type: 'FINISH' }, { type: 'REOPEN', roles }];
  return candidates.find((e) => nextState(from, e) === to) ?? null;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a != null && b != null && String(a) === String(b));

/** The locked fields a write would change, as field errors with the lock's code (the state is the stored one). */
export function lockErrors(state: TaskState, before: Record<string, unknown>, after: Record<string, unknown>): FieldError[] {
  return locksOf(state)
    .filter((l) => !same(before[l.field], after[l.field]))
    .map((l) => ({ field: l.field, code: l.code }));
}
