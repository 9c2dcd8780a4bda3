/** Loading and saving one record of an entity, for the route form, the dialog form and single-record screens. */
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import { wrongDates } from '../../engine/validation/typedDates';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable';
import { entityCalls } from '../app/entityData';
import { reportFailure } from '../app/feedback';
import type { ReadKey } from '../app/readCache';
import type { StoredRecord } from '../../engine/api/entityApi';

export type FormRecord = Record<string, unknown>;

/** A call that changes the stored record (a mode or state change), given the version on screen; answers the record. */
export type RecordAction = (version: number | undefined) => Promise<StoredRecord>;

/**
 * `id` null = a new record, with the fields of `preset` filled in. The record is read through the read cache
 * (screens/app/readCache.tsx): a newer copy (focus, update-list) replaces what the form shows only while the
 * form is clean (`onDirtyChange`), so a revalidation never overwrites what the user is typing; a form that does
 * not report its state keeps the copy it loaded. Saving then meets the version it loaded (409 when stale).
 * A record action (`act`) meets that version too, and its reply — the record as the server now holds it — is
 * what the form and the cache hold next, so the screen offers the new state's actions and a later save meets
 * the new version.
 */
export function useEntityRecord(entity: ResolvedEntity, id: string | number | null, onMissing?: () => void, preset?: FormRecord) {
  const { t } = useTranslation();
  const [data, setData] = useState<FormRecord | null>(id === null ? (preset ?? {}) : null);
  const [recordId, setRecordId] = useState(id);
  // the version on screen: what the next save or action meets (a ref, so an action right after a save meets the saved one)
  const version = useRef<number | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const key: ReadKey | null = id === null ? null : [`${entity.name}/show/${id}`];
  // the cache's fetcher: the typed client (screens/app/readCache.tsx)
  const { data: stored, error, mutate } = useSWR<StoredRecord>(key);
  // the form's own report: nothing typed is pending (false until it says so)
  const clean = useRef(false);
  // the key whose copy is on screen
  const shown = useRef<string | null>(null);
  // the data on screen as the form last reported it (`onTyped`)
  const latest = useRef<FormRecord | null>(null);
  // typed data brought back (`recover`): pending until saved or replaced, though the form shows it as given
  const recovering = useRef(false);
  const [recovered, setRecovered] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    clean.current = !dirty && !recovering.current;
  }, []);
  const onTyped = useCallback((typed: FormRecord) => {
    latest.current = typed;
  }, []);

  const adopt = useCallback((record: StoredRecord) => {
    const { id: _id, version: v, ...rest } = record;
    latest.current = null;
    recovering.current = false;
    setRecovered(false);
    setData(rest);
    version.current = v;
  }, []);

  useEffect(() => {
    setRecordId(id);
    setServerErrors([]);
    shown.current = null;
    clean.current = false;
    latest.current = null;
    version.current = undefined;
    recovering.current = false;
    setRecovered(false);
    setData(id === null ? (preset ?? {}) : null);
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
      // a date typed wrong stays in the data until corrected; a save-first (RecordExtra) skips the form's own check,
      // and the server takes any text in a date field without `format: date`
      const dates = wrongDates(entity.schema, entity.ui, formData);
      if (dates.length) {
        setServerErrors(dates);
        return null;
      }
      setSaving(true);
      setServerErrors([]);
      try {
        const stored =
          recordId === null
            ? await entityCalls.save(entity.name, formData)
            : await entityCalls.update(entity.name, recordId, { ...formData, version: version.current });
        setRecordId(stored.id);
        adopt(stored);
        if (key) void mutate(stored, { revalidate: false });
        showSuccess(t('entity.saved'));
        emitUpdateList();
        return { id: stored.id, record: stored };
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
    [entity, recordId, t, key, mutate, adopt],
  );

  /** What was typed and not saved yet, as the form last reported it (null when nothing is pending or not reported). */
  const typed = useCallback(() => (clean.current ? null : latest.current), []);

  /** The version on screen (undefined: a new record). */
  const shownVersion = useCallback(() => version.current, []);

  /**
   * Shows `data` as typed and not saved (a draft kept over a reload), typed over `over`: the next save meets that
   * version, so a record changed since answers 409 as any stale save does.
   */
  const recover = useCallback((data: FormRecord, over: number | undefined) => {
    recovering.current = true;
    setRecovered(true);
    clean.current = false;
    latest.current = data;
    version.current = over;
    setData(data);
  }, []);

  /**
   * Runs a record action (a mode or state change) with the version on screen (409 when someone changed the record
   * meanwhile) and shows its reply: the record as the server now holds it, in the form and in the read cache, and
   * every list refreshes. What was typed and not saved is replaced: the screen saves it first or asks. Resolves
   * with the record, or null when refused (the client's toast said why).
   */
  const act = useCallback(
    async (call: RecordAction): Promise<StoredRecord | null> => {
      let stored: StoredRecord;
      try {
        stored = await call(version.current);
      } catch {
        return null;
      }
      setServerErrors([]);
      shown.current = keyText;
      adopt(stored);
      if (key) void mutate(stored, { revalidate: false });
      emitUpdateList();
      return stored;
    },
    [key, keyText, mutate, adopt],
  );

  return { data, serverErrors, saving, save, recordId, reload, act, typed, onDirtyChange, onTyped, version: shownVersion, recover, recovered };
}
