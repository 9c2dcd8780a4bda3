/**
 * Numbers the history entries the browser makes on its own, for the hash router. An address typed in the bar (or
 * opened by a test's page.goto) that differs from the page's only after '#' does not load the page: the browser
 * adds an entry with no state and tells the router by popstate. React Router numbers its own entries
 * (`history.state.idx`) and leaves that one without, so it cannot tell how far a Back to it goes: a form's blocker
 * lets that Back through ("blocker on a POP navigation to a location that was not created by @remix-run/router"),
 * and the router's next push counts on from nothing. A reload keeps those states, so the gap outlived it. Such an
 * entry comes right after the one it was typed over: it takes that one's number plus one, before the router hears
 * of the move.
 */
const idxOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && Number.isFinite(idx) ? idx : undefined;
};

/** Listens before the router is made (listeners run in order); `follow` after each of the router's moves. */
export function numberBrowserEntries(win: Window = window) {
  let current = idxOf(win.history.state) ?? 0;
  const onPop = () => {
    const idx = idxOf(win.history.state);
    if (idx !== undefined) current = idx;
    else win.history.replaceState({ ...(win.history.state as object | null), idx: ++current }, '');
  };
  win.addEventListener('popstate', onPop);
  return {
    follow: () => void (current = idxOf(win.history.state) ?? current),
    stop: () => win.removeEventListener('popstate', onPop),
  };
}
