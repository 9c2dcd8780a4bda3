/** Ctrl+S (Cmd+S) saves the form of this id, through the form, so it is validated as by the save button. */
import { useEffect } from 'react';

export function useSaveShortcut(formId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      const form = document.getElementById(formId) as HTMLFormElement | null;
      if (!form) return;
      e.preventDefault();
      form.requestSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formId, enabled]);
}
