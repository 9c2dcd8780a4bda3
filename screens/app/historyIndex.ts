/**
 * Numbers the history entries the browser makes on its own, for the hash router. An address typed in the bar (or
 * opened by a test's page.goto) that differs from the page's only after '#' does not load the page: the browser
 * adds an entry with no state and tells the router by popstate. React Router numbers its own entries
 * (`history.state.idx`) and leaves that one without, so it cannot tell how far a Back to it goes: a form's blocker
 * lets that Back through ("blocker on a POP navigation to a location that was not created by @remix-run/router"),
 * and the router's next push counts on from nothing. A reload keeps those states, so the gap outlived it. Such an
 * entry comes right after the one it was typed over: it takes that one's number plus one, and a key of its own, before
 * the router hears of the move.
 */
const idxOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && Number.isFinite(idx) ? idx : undefined;
};

/**
 * React Router's own key for an entry (`location.key`); without one every such entry's is "default", so two addresses
 * typed one after the other were the same visit to a form keyed by it (screens/entity/EntityFormScreen.tsx).
 */
const newKey = () => Math.random().toString(36).slice(2, 10);

/** Listens before the router is made (listeners run in order); `follow` after each of the router's moves. */
export function numberBrowserEntries(win: Window = window) {
  let current = idxOf(win.history.state) ?? 0;
  const onPop = () => {
    const idx = idxOf(win.history.state);
    if (idx !== undefined) current = idx;
    else win.history.replaceState({ ...(win.history.state as object | null), idx: ++current, key: newKey() }, '');
  };
  win.addEventListener('popstate', onPop);
  return {
    follow: () => void (current = idxOf(win.history.state) ?? current),
    stop: () => win.removeEventListener('popstate', onPop),
  };
}
