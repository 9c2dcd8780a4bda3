/** The "+" key adds a row (spec §2), unless the user is typing or a dialog is open. */
export function isAddShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'>): boolean {
  if (e.key !== '+' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return false;
  const el = e.target instanceof Element ? e.target : null;
  if (!el) return true;
  if (el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return false;
  return !el.closest('[role="dialog"], [role="alertdialog"]');
}
