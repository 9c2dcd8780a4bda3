/** Loading and saving one record of an entity, for the route form, the dialog form and single-record screens. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable';
import { entityCalls } from '../app/entityData';
import { reportFailure } from '../app/feedback';

export type FormRecord = Record<string, unknown>;

/** `id` null = a new record, with the fields of `preset` filled in. */
export function useEntityRecord(entity: ResolvedEntity, id: string | number | null, onMissing?: () => void, preset?: FormRecord) {
  const { t } = useTranslation();
  const [data, setData] = useState<FormRecord | null>(id === null ? (preset ?? {}) : null);
  const [recordId, setRecordId] = useState(id);
  const [version, setVersion] = useState<number | undefined>();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  // bumped to load the record again (something else changed it, e.g. a stock adjustment)
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((n) => n + 1), []);

  useEffect(() => {
    setRecordId(id);
    setServerErrors([]);
    if (id === null) {
      setData(preset ?? {});
      setVersion(undefined);
      return;
    }
    setData(null);
    let live = true;
    entityCalls.show(entity.name, id).then(
      ({ id: _id, version: v, ...rest }) => {
        if (!live) return;
        setData(rest);
        setVersion(v);
      },
      () => live && onMissing?.(),
    );
    return () => {
      live = false;
    };
    // onMissing is a callback of the caller's render: not a reason to reload
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity.name, id, loads]);

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
    [entity.name, recordId, version, t],
  );

  return { data, serverErrors, saving, save, recordId, reload };
}
