/** The app-wide update-list event (spec §2): every mounted table reloads from the first page when it fires. */
export const UPDATE_LIST_EVENT = 'update-list';

export function emitUpdateList(detail?: { list?: string }): void {
  window.dispatchEvent(new CustomEvent(UPDATE_LIST_EVENT, { detail }));
}

/** Calls `handler` on every update-list event; returns the unsubscribe function. */
export function onUpdateList(handler: (detail?: { list?: string }) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<{ list?: string } | undefined>).detail);
  window.addEventListener(UPDATE_LIST_EVENT, listener);
  return () => window.removeEventListener(UPDATE_LIST_EVENT, listener);
}
