/**
 * A form page starts the user on its first field once the record is shown (opened from a list's Add or Edit, by
 * address, switched from view to edit): only when the focus is nowhere, as when the button that opened the form
 * went away with its page; a focus the user put somewhere (a step button, a field) stays there.
 */
import { useEffect } from 'react';
import { FIELD } from '../../widgets/Modal';

/** `shown`: what is on screen to edit (the record's id), null while loading or in view mode. */
export function useFirstFieldFocus(formId: string, shown: string | null) {
  useEffect(() => {
    const active = document.activeElement;
    if (shown === null || (active && active !== document.body)) return;
    document.getElementById(formId)?.querySelector<HTMLElement>(FIELD)?.focus({ preventScroll: true });
  }, [formId, shown]);
}
