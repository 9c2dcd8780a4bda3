/**
 * Unsaved changes are not lost silently: leaving the page (another route, back, exit) while `dirty` asks first,
 * and closing or reloading the tab gets the browser's own warning. `allow()` lets the screen's own next
 * navigation through (after a save or a move).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });
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
