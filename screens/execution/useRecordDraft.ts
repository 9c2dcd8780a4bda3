/**
 * The record page's draft (../entity/useDraft.tsx): the header and the items as typed, kept in the browser while a
 * new record (told apart by its address: the activity) or an existing one being edited is typed, and offered when
 * the page opens again. Recover puts both back as typed over the version the draft was typed over (the save then
 * meets it: 409 when the record changed since). Pass `drop` to the leave guard and call it after a save; render
 * `notice` above the form.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { draftKey } from '../../engine/formDrafts';
import { keptRecord, recordOfKept } from '../../engine/records/recordDraft';
import { useSession } from '../app/useSession';
import { useDraft } from '../entity/useDraft';
import { EDITABLE_HEADER, type useRecord } from './useRecord';

export function useRecordDraft(r: ReturnType<typeof useRecord>, id: string | null, editable: boolean) {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const { header, assignee, dirty } = r;
  const { rows, point } = r.grid.context;
  const draft = useDraft({
    key: user?.username && editable ? draftKey(user.username, r.entity.name, id, pathname + search) : null,
    ready: r.load.state === 'ready' && (id === null || r.record !== null),
    typing: dirty,
    version: () => r.version,
    typed: () => (dirty ? keptRecord(r.entity.schema, r.entity.ui, EDITABLE_HEADER, { header, items: rows, point, assignee }) : null),
    readable: (d) => recordOfKept(d.data) !== null,
    recover: (d) => {
      const kept = recordOfKept(d.data);
      if (kept) r.recover(kept, d.version);
    },
  });
  const { keep } = draft;
  // the page reports no single change: whatever the user changes (header, items, who holds it) is kept after a pause
  useEffect(() => {
    if (dirty) keep();
  }, [header, rows, assignee, dirty, keep]);
  return draft;
}
