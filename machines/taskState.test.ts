/** The task state machine and its edit locks, driven by actors without React, and the helpers the server runs. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allowedEvents, eventBetween, lockErrors, locksOf, nextState, taskStateMachine } from './taskState';

const ADMIN = ['ROLE_ADMIN'];
const USER = ['ROLE_USER'];
const ROOT = ['ROLE_ROOT'];

const tags = (actor: ReturnType<typeof createActor<typeof taskStateMachine>>) =>
  ['lock:inicio', 'lock:fin', 'lock:horas'].filter((t) => actor.getSnapshot().hasTag(t as never));

describe('task state machine', () => {
  it('not started -> started -> finished, each state with its locks', () => {
    const actor = createActor(taskStateMachine).start();
    expect(actor.getSnapshot().value).toBe('no_iniciada');
    expect(tags(actor)).toEqual([]);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('iniciada');
    expect(tags(actor)).toEqual(['lock:inicio']);
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().value).toBe('finalizada');
    expect(tags(actor)).toEqual(['lock:inicio', 'lock:fin', 'lock:horas']);
  });

  it('does not finish what has not started, nor start twice', () => {
    const actor = createActor(taskStateMachine).start();
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().value).toBe('no_iniciada');
    actor.send({ type: 'START' });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('iniciada');
  });

  it('a finished task is reopened (started again) by an ADMIN only', () => {
    const actor = createActor(taskStateMachine).start();
    actor.send({ type: 'START' });
    actor.send({ type: 'FINISH' });
    actor.send({ type: 'REOPEN', roles: USER });
    expect(actor.getSnapshot().value).toBe('finalizada');
    actor.send({ type: 'REOPEN', roles: ROOT });
    expect(actor.getSnapshot().value).toBe('finalizada');
    actor.send({ type: 'REOPEN', roles: ['role_admin'] });
    expect(actor.getSnapshot().value).toBe('iniciada');
    expect(tags(actor)).toEqual(['lock:inicio']);
  });

  it('an open task cannot be reopened', () => {
    const actor = createActor(taskStateMachine).start();
    actor.send({ type: 'REOPEN', roles: ADMIN });
    expect(actor.getSnapshot().value).toBe('no_iniciada');
  });
});

describe('task state helpers', () => {
  it('offer the events a user may send', () => {
    expect(allowedEvents('no_iniciada', USER)).toEqual(['START']);
    expect(allowedEvents('iniciada', USER)).toEqual(['FINISH']);
    expect(allowedEvents('finalizada', USER)).toEqual([]);
    expect(allowedEvents('finalizada', ADMIN)).toEqual(['REOPEN']);
  });

  it('find the event between two stored states, or none', () => {
    expect(eventBetween('no_iniciada', 'iniciada', USER)).toEqual({ type: 'START' });
    expect(eventBetween('iniciada', 'finalizada', USER)).toEqual({ type: 'FINISH' });
    expect(eventBetween('finalizada', 'iniciada', ADMIN)).toEqual({ type: 'REOPEN', roles: ADMIN });
    expect(eventBetween('finalizada', 'iniciada', USER)).toBeNull();
    expect(eventBetween('no_iniciada', 'finalizada', ADMIN)).toBeNull();
    expect(eventBetween('finalizada', 'no_iniciada', ADMIN)).toBeNull();
    expect(nextState('iniciada', { type: 'START' })).toBeNull();
  });

  it('name the locks of each state', () => {
    expect(locksOf('no_iniciada')).toEqual([]);
    expect(locksOf('iniciada').map((l) => l.field)).toEqual(['fecha_inicio_estimada']);
    expect(locksOf('finalizada').map((l) => l.code)).toEqual(['TAREA_INICIO_BLOQUEADO', 'TAREA_FIN_BLOQUEADO', 'TAREA_HORAS_BLOQUEADAS']);
  });

  it('answer a field error per locked field a write changes', () => {
    const before = { fecha_inicio_estimada: '2026-03-02', fecha_fin_estimada: '2026-03-04', horas_asignadas: 8, titulo: 'A' };
    const moved = { ...before, fecha_inicio_estimada: '2026-03-03', fecha_fin_estimada: '2026-03-05', horas_asignadas: 10, titulo: 'B' };
    expect(lockErrors('no_iniciada', before, moved)).toEqual([]);
    expect(lockErrors('iniciada', before, moved)).toEqual([{ field: 'fecha_inicio_estimada', code: 'TAREA_INICIO_BLOQUEADO' }]);
    expect(lockErrors('finalizada', before, moved).map((e) => e.code)).toEqual(['TAREA_INICIO_BLOQUEADO', 'TAREA_FIN_BLOQUEADO', 'TAREA_HORAS_BLOQUEADAS']);
    // the same values (a number sent as text, an absent value as null) are no change
    expect(lockErrors('finalizada', before, { ...before, horas_asignadas: '8', titulo: 'C' })).toEqual([]);
    expect(lockErrors('finalizada', { horas_asignadas: undefined }, { horas_asignadas: null })).toEqual([]);
    // clearing a locked value is a change too
    expect(lockErrors('iniciada', before, { ...before, fecha_inicio_estimada: null })).toHaveLength(1);
  });
});
