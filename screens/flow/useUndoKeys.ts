/**
 * Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo (⌘ on a Mac), while the designer is open. Not inside a text
 * field: there the keys undo the typing, as everywhere.
 */
import { useEffect, useRef } from 'react';

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

export function useUndoKeys(undo: () => void, redo: () => void) {
  const latest = useRef({ undo, redo });
  latest.current = { undo, redo };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || editable(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) latest.current.undo();
      else if (key === 'y' || (key === 'z' && e.shiftKey)) latest.current.redo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
