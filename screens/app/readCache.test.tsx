/**
 * The read cache as the screens use it: records read by several components are one request, a save somewhere
 * (update-list) reads them again without overwriting a form being typed in, and logging out forgets them.
 * The cache's fetcher stands in for the server (the typed client has its own tests).
 */
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useSWRConfig } from 'swr';
import { emitUpdateList } from '../../widgets/DataTable/updateList';
import { entityOf } from '../metadata';
import { useEntityRecord } from '../entity/useEntityRecord';
import { ReadCacheProvider, type ReadKey } from './readCache';

// a stored session (spec §9 cookies), before the session actor starts: it starts logged in, so LOGOUT is a user's logout
vi.hoisted(() => {
  const user = { id: 1, username: 'ana', roles: ['ADMIN'], perfilid: null, rememberMe: false };
  document.cookie = 'flujos_refresh_token=R1; path=/';
  document.cookie = `flujos_user=${encodeURIComponent(JSON.stringify(user))}; path=/`;
});

/** A server of categoria records: each read answers the record's current name. */
function server() {
  const names = new Map<number, string>([[4, 'Norte'], [5, 'Norte'], [6, 'Norte']]);
  const reads: string[] = [];
  const fetcher = async ([call]: ReadKey) => {
    reads.push(call);
    const id = Number(call.split('/').pop());
    return { id, version: reads.length, nombre: names.get(id) ?? '' };
  };
  return { names, reads, fetcher };
}

const categoria = entityOf('categoria');

/** A form's use of the record: it reports clean on opening (as SchemaForm does), dirty once typed into. */
function RecordName({ id, label, dirty = false }: { id: number; label: string; dirty?: boolean }) {
  const record = useEntityRecord(categoria, id);
  const { onDirtyChange } = record;
  const shown = record.data !== null;
  useEffect(() => {
    if (shown) onDirtyChange(dirty);
  }, [shown, dirty, onDirtyChange]);
  return <p aria-label={label}>{String(record.data?.nombre ?? '…')}</p>;
}

let cacheOf: ReturnType<typeof useSWRConfig>['cache'] | null = null;
function CacheProbe() {
  cacheOf = useSWRConfig().cache;
  return null;
}

describe('read cache', () => {
  it('two components reading the same record make one request', async () => {
    const s = server();
    render(
      <ReadCacheProvider config={{ fetcher: s.fetcher}}>
        <RecordName id={4} label="a" />
        <RecordName id={4} label="b" />
      </ReadCacheProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('b').textContent).toBe('Norte'));
    expect(screen.getByLabelText('a').textContent).toBe('Norte');
    expect(s.reads).toEqual(['categoria/show/4']);
  });

  it('update-list reads it again: a clean form shows the new copy, one being typed in keeps what it has', async () => {
    const s = server();
    render(
      <ReadCacheProvider config={{ fetcher: s.fetcher}}>
        <RecordName id={5} label="clean" />
        <RecordName id={5} label="typing" dirty />
      </ReadCacheProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('typing').textContent).toBe('Norte'));
    s.names.set(5, 'Norte Grande');
    act(() => emitUpdateList());
    await waitFor(() => expect(screen.getByLabelText('clean').textContent).toBe('Norte Grande'));
    expect(s.reads).toHaveLength(2);
    expect(screen.getByLabelText('typing').textContent).toBe('Norte');
  });

  it('logging out forgets every read: the next user reads anew', async () => {
    const { sessionActor } = await import('./session');
    await waitFor(() => expect(sessionActor.getSnapshot().value).toBe('loggedIn'));
    const s = server();
    const view = render(
      <ReadCacheProvider config={{ fetcher: s.fetcher }}>
        <CacheProbe />
        <RecordName id={6} label="a" />
      </ReadCacheProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('a').textContent).toBe('Norte'));
    const stored = () => [...cacheOf!.keys()].filter((k) => cacheOf!.get(k)?.data !== undefined);
    expect(stored().length).toBeGreaterThan(0);

    act(() => sessionActor.send({ type: 'LOGOUT' }));
    await waitFor(() => expect(stored()).toEqual([]));
    view.unmount();

    s.names.set(6, 'Sur');
    render(
      <ReadCacheProvider config={{ fetcher: s.fetcher }}>
        <RecordName id={6} label="next" />
      </ReadCacheProvider>,
    );
    expect(screen.getByLabelText('next').textContent).toBe('…');
    await waitFor(() => expect(screen.getByLabelText('next').textContent).toBe('Sur'));
    expect(s.reads).toHaveLength(2);
  });
});
