/**
 * The browser's read cache (swr) for records, select options and the lists' first pages: a read asked by
 * several components at once is one request; what is shown is read again when the window regains focus and
 * on the app-wide update-list event (a save somewhere); and everything read is forgotten when the user logs
 * out (and each session starts a cache of its own), so the next user of the browser never sees the previous
 * one's data.
 *
 * Keys are `[call, body]` arrays of the typed client's calls (`['<list>/show/4']`), or a widget's own array
 * (`['option', list, id]`) read with the widget's source. Lists' first pages (`…/index`) are refreshed by their
 * table on update-list (widgets/DataTable), so the event skips them here rather than asking twice.
 */
import { useEffect, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { onUpdateList } from '../../widgets/DataTable/updateList';
import { api, onSessionEnd } from './session';

export type ReadKey = readonly [call: string, body?: unknown];

/** The cache's fetcher: a read call through the typed client (errors are shown by its feedback). */
export const readCall = <T,>([call, body]: ReadKey): Promise<T> => api.post<T>(call, body);

const isTableKey = (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && key[0].endsWith('/index');

export const readCacheConfig: SWRConfiguration = {
  fetcher: readCall,
  // the same read asked again within this window is answered by the one in flight or just done
  dedupingInterval: 2_000,
  revalidateOnFocus: true,
  focusThrottleInterval: 5_000,
  // the client already sends a failed read again (engine/api/client.ts); a refusal stays a refusal
  shouldRetryOnError: false,
};

/**
 * At the root of the logged-in frame, a cache of its own: a new session (the frame mounts again after a login)
 * starts from an empty one. `config` overrides the defaults (tests give their own fetcher).
 */
export function ReadCacheProvider({ children, config }: { children: ReactNode; config?: SWRConfiguration }) {
  return (
    <SWRConfig value={{ ...readCacheConfig, provider: () => new Map(), ...config }}>
      <Upkeep />
      {children}
    </SWRConfig>
  );
}

function Upkeep() {
  const { mutate } = useSWRConfig();
  // a save somewhere: every read on screen is read again
  useEffect(() => onUpdateList(() => void mutate((key) => !isTableKey(key))), [mutate]);
  // the user logs out: every read is forgotten at once, including those still on screen and answers on their way
  useEffect(() => onSessionEnd(() => void mutate(() => true, undefined, { revalidate: false })), [mutate]);
  return null;
}
