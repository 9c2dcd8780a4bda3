/**
 * The loading indicator of a navigation (spec §2: every navigation shows one). A screen whose code is already
 * loaded opens at once and then reads its data, so the router's own pending state is over before anything is
 * there: after each navigation the indicator stays at least a moment (long enough to be seen) and then until
 * no call is under way, the screen's first reads included; never longer than a cap (a slow report, a poll).
 */
import { assign, setup } from 'xstate';

/** Shown at least this long after a navigation. */
export const MINIMUM_MS = 200;
/** Given up after this long, whatever is still loading (the screen shows its own loading state). */
export const CAP_MS = 10_000;

export type NavigationIndicatorEvent = { type: 'NAVIGATED' } | { type: 'CALLS'; count: number };

export const navigationIndicatorMachine = setup({
  types: {
    context: {} as { calls: number },
    events: {} as NavigationIndicatorEvent,
    tags: {} as 'shown',
  },
  delays: { minimum: MINIMUM_MS, cap: CAP_MS },
  guards: { noCalls: ({ context }) => context.calls === 0 },
}).createMachine({
  id: 'navigationIndicator',
  context: { calls: 0 },
  initial: 'idle',
  on: { CALLS: { actions: assign({ calls: ({ event }) => event.count }) } },
  states: {
    idle: { on: { NAVIGATED: 'shown' } },
    shown: {
      tags: ['shown'],
      initial: 'minimum',
      // another navigation starts the wait again
      on: { NAVIGATED: { target: 'shown', reenter: true } },
      after: { cap: 'idle' },
      states: {
        minimum: { after: { minimum: 'loading' } },
        loading: { always: { guard: 'noCalls', target: '#navigationIndicator.idle' } },
      },
    },
  },
});
