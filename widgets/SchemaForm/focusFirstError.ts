/**
 * After a refused save: the first field in error (in the order the user sees them) is scrolled to the middle of
 * the screen, clear of the sticky bars, and focused. A field inside a closed section or tab is revealed first.
 * A user who has already moved to a field (the focus is no longer where it was at the refusal, `since`) keeps it:
 * the focus lands a frame or two later, and taking it then would send the next keys typed to another field.
 */
const INVALID = '[aria-invalid="true"], [data-invalid] input, [data-invalid] textarea, [data-invalid] select, [data-invalid] button';

export function focusFirstError(form: HTMLElement | null, since: Element | null = document.activeElement): boolean {
  if (!form) return false;
  const target = [...form.querySelectorAll<HTMLElement>(INVALID)].find((el) => !el.hasAttribute('disabled'));
  const message = target ? null : form.querySelector<HTMLElement>('[role="alert"]');
  const el = target ?? message;
  if (!el) return false;
  for (let up: HTMLElement | null = el; up && up !== form; up = up.parentElement) {
    if (up instanceof HTMLDetailsElement && !up.open) up.open = true;
    // a tab panel of a form section: its tab is chosen
    const tab = up.getAttribute('role') === 'tabpanel' && up.id ? form.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(up.id)}"]`) : null;
    if (tab && up.hidden) tab.click();
  }
  requestAnimationFrame(() => {
    if (movedOn(since)) return;
    el.scrollIntoView?.({ block: 'center' });
    if (!target && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  });
  return true;
}

/** The user put the focus somewhere else than it was at `since` (a page body or a vanished control is nowhere). */
function movedOn(since: Element | null): boolean {
  const now = document.activeElement;
  return !!now && now !== document.body && now !== since;
}
