/**
 * An instructive's mode (spec §4, issue 13): in elaboration, or current. Only a current instructive gives its
 * tasks to records entering its activities (tag `creates-tasks`); a current one cannot be edited (tag
 * `locked`): it goes back to elaboration first, which raises its revision. Publishing needs at least one task.
 * Pure: the server runs it on every write of an instructive and of its tasks, the browser to offer the actions
 * and to show the form read-only.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';

export const INSTRUCTIVE_MODES = ['en_elaboracion', 'vigente'] as const;
export type InstructiveMode = (typeof INSTRUCTIVE_MODES)[number];

export interface InstructiveContext {
  revision: number;
}

export type InstructiveEvent = { type: 'PUBLISH'; tareas: number } | { type: 'REVISE' };

export const instructiveModeMachine = setup({
  types: {
    context: {} as InstructiveContext,
    events: {} as InstructiveEvent,
    input: {} as Partial<InstructiveContext> | undefined,
    tags: {} as 'locked' | 'creates-tasks',
  },
  guards: {
    hasTasks: ({ event }) => event.type === 'PUBLISH' && event.tareas > 0,
  },
}).createMachine({
  id: 'instructiveMode',
  context: ({ input }) => ({ revision: input?.revision ?? 0 }),
  initial: 'en_elaboracion',
  states: {
    en_elaboracion: { on: { PUBLISH: { guard: 'hasTasks', target: 'vigente' } } },
    vigente: {
      tags: ['locked', 'creates-tasks'],
      on: { REVISE: { target: 'en_elaboracion', actions: assign({ revision: ({ context }) => context.revision + 1 }) } },
    },
  },
});

export type InstructiveSnapshot = SnapshotFrom<typeof instructiveModeMachine>;

export const isInstructiveMode = (m: unknown): m is InstructiveMode => (INSTRUCTIVE_MODES as readonly unknown[]).includes(m);

/** The machine standing in a stored instructive's mode and revision. */
export const instructiveSnapshot = (mode: InstructiveMode, revision = 0): InstructiveSnapshot =>
  instructiveModeMachine.resolveState({ value: mode, context: { revision } });

/** May the instructive's content (and its tasks) change in this mode? */
export const isEditable = (mode: InstructiveMode) => !instructiveSnapshot(mode).hasTag('locked');

/** Does an instructive in this mode give its tasks to records? */
export const createsTasks = (mode: InstructiveMode) => instructiveSnapshot(mode).hasTag('creates-tasks');

/** The events offered in `mode` (PUBLISH only when there are tasks). */
export function allowedModeEvents(mode: InstructiveMode, tareas: number): InstructiveEvent['type'][] {
  const s = instructiveSnapshot(mode);
  return ([{ type: 'PUBLISH', tareas }, { type: 'REVISE' }] as InstructiveEvent[]).filter((e) => s.can(e)).map((e) => e.type);
}

/**
 * The change from `from` to `to` as the machine takes it: the event and the revision after it; null when no
 * event leads there (or its guard refuses).
 */
export function modeChange(from: InstructiveMode, to: InstructiveMode, revision: number, tareas: number): { event: InstructiveEvent['type']; revision: number } | null {
  const s = instructiveSnapshot(from, revision);
  for (const event of [{ type: 'PUBLISH', tareas }, { type: 'REVISE' }] as InstructiveEvent[]) {
    if (!s.can(event)) continue;
    const [next] = transition(instructiveModeMachine, s, event);
    if (next.value === to) return { event: event.type, revision: next.context.revision };
  }
  return null;
}
