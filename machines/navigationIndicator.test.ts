import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CAP_MS, MINIMUM_MS, navigationIndicatorMachine } from './navigationIndicator';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const start = () => {
  const actor = createActor(navigationIndicatorMachine).start();
  return { actor, shown: () => actor.getSnapshot().hasTag('shown') };
};

describe('navigation indicator', () => {
  it('shows on a navigation without calls for the minimum time, then hides', () => {
    const { actor, shown } = start();
    expect(shown()).toBe(false);
    actor.send({ type: 'NAVIGATED' });
    expect(shown()).toBe(true);
    vi.advanceTimersByTime(MINIMUM_MS - 1);
    expect(shown()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(false);
  });

  it("stays until the screen's reads are answered", () => {
    const { actor, shown } = start();
    actor.send({ type: 'NAVIGATED' });
    actor.send({ type: 'CALLS', count: 1 });
    actor.send({ type: 'CALLS', count: 2 });
    vi.advanceTimersByTime(MINIMUM_MS * 5);
    expect(shown()).toBe(true);
    actor.send({ type: 'CALLS', count: 1 });
    expect(shown()).toBe(true);
    actor.send({ type: 'CALLS', count: 0 });
    expect(shown()).toBe(false);
  });

  it('a call answered before the minimum still shows it the minimum time', () => {
    const { actor, shown } = start();
    actor.send({ type: 'NAVIGATED' });
    actor.send({ type: 'CALLS', count: 1 });
    actor.send({ type: 'CALLS', count: 0 });
    expect(shown()).toBe(true);
    vi.advanceTimersByTime(MINIMUM_MS);
    expect(shown()).toBe(false);
  });

  it('gives up after the cap, and a new navigation starts the wait again', () => {
    const { actor, shown } = start();
    actor.send({ type: 'CALLS', count: 1 });
    actor.send({ type: 'NAVIGATED' });
    vi.advanceTimersByTime(CAP_MS - 100);
    actor.send({ type: 'NAVIGATED' });
    vi.advanceTimersByTime(200);
    expect(shown()).toBe(true);
    vi.advanceTimersByTime(CAP_MS);
    expect(shown()).toBe(false);
    // calls going on between navigations do not show it
    actor.send({ type: 'CALLS', count: 3 });
    expect(shown()).toBe(false);
  });
});
