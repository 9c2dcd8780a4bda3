/** The instructive mode machine, driven by actors without React, and the pure helpers the server runs. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allowedModeEvents, createsTasks, instructiveModeMachine, isEditable, modeChange } from './instructiveMode';

describe('instructive mode machine', () => {
  it('starts in elaboration, editable, creating no tasks, at the given revision', () => {
    const actor = createActor(instructiveModeMachine, { input: { revision: 2 } }).start();
    const s = actor.getSnapshot();
    expect(s.value).toBe('en_elaboracion');
    expect(s.context.revision).toBe(2);
    expect(s.hasTag('locked')).toBe(false);
    expect(s.hasTag('creates-tasks')).toBe(false);
  });

  it('cannot be published without tasks; with tasks it becomes current, locked and creating tasks', () => {
    const actor = createActor(instructiveModeMachine, { input: {} }).start();
    actor.send({ type: 'PUBLISH', tareas: 0 });
    expect(actor.getSnapshot().value).toBe('en_elaboracion');
    actor.send({ type: 'PUBLISH', tareas: 3 });
    const s = actor.getSnapshot();
    expect(s.value).toBe('vigente');
    expect(s.hasTag('locked')).toBe(true);
    expect(s.hasTag('creates-tasks')).toBe(true);
    expect(s.context.revision).toBe(0);
  });

  it('going back to elaboration raises the revision; publishing again keeps it', () => {
    const actor = createActor(instructiveModeMachine, { input: { revision: 4 } }).start();
    actor.send({ type: 'PUBLISH', tareas: 1 });
    actor.send({ type: 'REVISE' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'en_elaboracion', context: { revision: 5 } });
    actor.send({ type: 'PUBLISH', tareas: 1 });
    expect(actor.getSnapshot()).toMatchObject({ value: 'vigente', context: { revision: 5 } });
  });

  it('ignores REVISE in elaboration and PUBLISH when current', () => {
    const actor = createActor(instructiveModeMachine, { input: {} }).start();
    actor.send({ type: 'REVISE' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'en_elaboracion', context: { revision: 0 } });
    actor.send({ type: 'PUBLISH', tareas: 1 });
    actor.send({ type: 'PUBLISH', tareas: 1 });
    expect(actor.getSnapshot()).toMatchObject({ value: 'vigente', context: { revision: 0 } });
  });
});

describe('instructive mode helpers', () => {
  it('say what each mode allows', () => {
    expect([isEditable('en_elaboracion'), isEditable('vigente')]).toEqual([true, false]);
    expect([createsTasks('en_elaboracion'), createsTasks('vigente')]).toEqual([false, true]);
    expect(allowedModeEvents('en_elaboracion', 0)).toEqual([]);
    expect(allowedModeEvents('en_elaboracion', 2)).toEqual(['PUBLISH']);
    expect(allowedModeEvents('vigente', 2)).toEqual(['REVISE']);
  });

  it('find the change between two stored modes, with the revision after it', () => {
    expect(modeChange('en_elaboracion', 'vigente', 1, 2)).toEqual({ event: 'PUBLISH', revision: 1 });
    expect(modeChange('en_elaboracion', 'vigente', 1, 0)).toBeNull();
    expect(modeChange('vigente', 'en_elaboracion', 1, 2)).toEqual({ event: 'REVISE', revision: 2 });
    expect(modeChange('vigente', 'vigente', 1, 2)).toBeNull();
  });
});
