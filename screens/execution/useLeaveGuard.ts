/**
 * Unsaved changes are not lost silently: leaving the page (another route, back, exit) while `dirty` asks first,
 * and closing or reloading the tab gets the browser's own warning. `allow()` lets the screen's own next
 * navigation through (after a save or a move). `onLeave`: the user chose to leave without saving (a kept draft goes).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

export function useLeaveGuard(dirty: boolean, onLeave?: () => void) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  // the user chose to leave: until this screen is gone, no move is held (an address opened right after "Salir
  // sin guardar", before the form unmounted, was held and turned back with no dialog left to show it)
  const leaving = useRef(false);
  const held = useBlocker(({ currentLocation, nextLocation }) => {
    if (leaving.current) return false;
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });
  const blocker: Blocker =
    held.state === 'blocked'
      ? {
          ...held,
          proceed: () => {
            leaving.current = true;
            onLeave?.();
            held.proceed();
          },
        }
      : held;
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const allow = useCallback(() => void (allowed.current = true), []);
  return { blocker, allow };
}
