/**
 * Whether the screen is a touch screen: the main pointer is a finger and nothing hovers (a phone's or a tablet's).
 * Keyboard hints hide there (./KeysHint.tsx) and the timeline sizes its rows for fingers; the hook follows a
 * change (a tablet docked to a keyboard and mouse).
 */
import { useSyncExternalStore } from 'react';

export const TOUCH_SCREEN = '(hover: none) and (pointer: coarse)';

const query = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(TOUCH_SCREEN) : null);

function subscribe(changed: () => void) {
  const q = query();
  q?.addEventListener?.('change', changed);
  return () => q?.removeEventListener?.('change', changed);
}

const isTouch = () => query()?.matches ?? false;

export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, isTouch, () => false);
}
