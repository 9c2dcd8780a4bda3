/** Loading and saving one record of an entity, for the route form, the dialog form and single-record screens. */
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable';
import { entityCalls } from '../app/entityData';
import { reportFailure } from '../app/feedback';
import type { ReadKey } from '../app/readCache';
import type { StoredRecord } from '../../engine/api/entityApi';

export type FormRecord = Record<string, unknown>;

/**
 * `id` null = a new record, with the fields of `preset` filled in. The record is read through the read cache
 * (screens/app/readCache.tsx): a newer copy (focus, update-list) replaces what the form shows only while the
 * form is clean (`onDirtyChange`), so a revalidation never overwrites what the user is typing; a form that does
 * not report its state keeps the copy it loaded. Saving then meets the version it loaded (409 when stale).
 */
export function useEntityRecord(entity: ResolvedEntity, id: string | number | null, onMissing?: () => void, preset?: FormRecord) {
  const { t } = useTranslation();
  const [data, setData] = useState<FormRecord | null>(id === null ? (preset ?? {}) : null);
  const [recordId, setRecordId] = useState(id);
  const [version, setVersion] = useState<number | undefined>();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const key: ReadKey | null = id === null ? null : [`${entity.name}/show/${id}`];
  // the cache's fetcher: the typed client (screens/app/readCache.tsx)
  const { data: stored, error, mutate } = useSWR<StoredRecord>(key);
  // the form's own report: nothing typed is pending (false until it says so)
  const clean = useRef(false);
  // the key whose copy is on screen
  const shown = useRef<string | null>(null);
  const onDirtyChange = useCallback((dirty: boolean) => {
    clean.current = !dirty;
  }, []);

  const adopt = useCallback((record: StoredRecord) => {
    const { id: _id, version: v, ...rest } = record;
    setData(rest);
    setVersion(v);
  }, []);

  useEffect(() => {
    setRecordId(id);
    setServerErrors([]);
    shown.current = null;
    clean.current = false;
    if (id === null) {
      setData(preset ?? {});
      setVersion(undefined);
    } else setData(null);
    // preset is read when the form opens, not followed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity.name, id]);

  const keyText = key?.[0] ?? null;
  useEffect(() => {
    if (!stored || keyText === null) return;
    if (shown.current === keyText && !clean.current) return;
    shown.current = keyText;
    adopt(stored);
  }, [stored, keyText, adopt]);

  useEffect(() => {
    // the first read failed (a record that does not exist, or not for this user); a later one keeps the form
    if (error && shown.current === null) onMissing?.();
    // onMissing is a callback of the caller's render: not a reason to run again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  /** Reads the record again and shows it (something else changed it, e.g. a stock adjustment); resolves once the cache holds it. */
  const reload = useCallback(
    (): Promise<void> =>
      mutate().then(
        (fresh) => {
          if (fresh) adopt(fresh);
        },
        () => undefined,
      ),
    [mutate, adopt],
  );

  /** Saves; resolves with the stored record's id and the reply (and every list refreshes), or null when refused. */
  const save = useCallback(
    async (formData: FormRecord): Promise<{ id: number; record: FormRecord } | null> => {
      setSaving(true);
      setServerErrors([]);
      try {
        const stored =
          recordId === null
            ? await entityCalls.save(entity.name, formData)
            : await entityCalls.update(entity.name, recordId, { ...formData, version });
        const { id: newId, version: v, ...rest } = stored;
        setRecordId(newId);
        setVersion(v);
        setData(rest);
        if (key) void mutate(stored, { revalidate: false });
        showSuccess(t('entity.saved'));
        emitUpdateList();
        return { id: newId, record: stored };
      } catch (e) {
        if (e instanceof ApiError) {
          if (e.fieldErrors.length) setServerErrors(e.fieldErrors);
          reportFailure(e);
        }
        return null;
      } finally {
        setSaving(false);
      }
    },
    [entity.name, recordId, version, t, key, mutate],
  );

  return { data, serverErrors, saving, save, recordId, reload, onDirtyChange };
}
