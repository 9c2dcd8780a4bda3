/**
 * A read for a screen: its data, or that it is loading, or that it failed (with `retry`, which reads again); a
 * newer read replaces an older one.
 */
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown; retry: () => void };

export function useLoad<T>(read: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [tries, setTries] = useState(0);
  const retry = useCallback(() => setTries((n) => n + 1), []);
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    read().then(
      (data) => live && setResult({ state: 'ready', data }),
      (error) => live && setResult({ state: 'failed', error, retry }),
    );
    return () => {
      live = false;
    };
    // the caller names what the read depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tries]);
  return result;
}
