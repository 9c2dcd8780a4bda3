/**
 * A process's activities (`actividad` rows whose `proceso` is this one) in their order: add (the activity form
 * with the process and the next order number preset), edit, move up and down (their `orden`, written through
 * `actividad/updateColumn` at each row's version), duplicate (`status/duplicate/`, a copy with a new coding)
 * and remove.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX_PAGE_SIZE } from '../../engine/list/query';
import { moveRow, nextOrder, sortByOrder } from '../../engine/list/reorder';
import { emitUpdateList, onUpdateList } from '../../widgets/DataTable';
import { OrderedTable, type OrderedRowId } from '../../widgets/OrderedTable';
import { LoadFailed } from '../../widgets/LoadFailed';
import { showSuccess } from '../../widgets/toaster';
import { entityCalls } from '../app/entityData';
import { api } from '../app/session';
import { entityOf } from '../metadata';

const ENTITY = 'actividad';

interface Activity {
  id: number;
  version: number;
  orden: number | null;
  codificacion?: string | null;
  titulo: string;
  impacto_stock?: string;
  $labels?: Record<string, string>;
}

interface ProcessActivitiesProps {
  procesoId: number;
  /** Where the activity form goes back to (this form). */
  returnTo: string;
  readOnly?: boolean;
}

export function ProcessActivities({ procesoId, returnTo, readOnly }: ProcessActivitiesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Activity[] | null>(null);
  const [busy, setBusy] = useState(false);
  const form = entityOf(ENTITY).routeForm ?? '/';

  // the activities could not be read: said, with a retry, never "no activities"
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const load = useCallback(async () => {
    try {
      const reply = await entityCalls.quietIndex<Activity>(ENTITY, { offset: 0, max: MAX_PAGE_SIZE, sort: 'orden', sortOrder: 'asc', filters: { proceso: procesoId } });
      setRows(sortByOrder(reply.rows.map((r) => ({ ...r, order: r.orden }))));
      setFailed(null);
    } catch (error) {
      setFailed({ error });
    }
  }, [procesoId]);
  useEffect(() => {
    void load();
    return onUpdateList(() => void load());
  }, [load]);

  /** Runs a write, then reads the list again (also after a refusal: the client already said why). */
  const write = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      /* reported by the app's client */
    } finally {
      await load();
      setBusy(false);
    }
  };
  const open = (id: OrderedRowId | 'create', search = '') => navigate(`${form}/${id}${search}`, { state: { returnTo } });
  const byId = (id: OrderedRowId) => rows?.find((r) => r.id === id);

  return (
    <OrderedTable
      title={t('process.activities')}
      columns={[t('entities.actividad.fields.orden'), t('entities.actividad.fields.codificacion'), t('entities.actividad.fields.titulo'), t('entities.actividad.fields.impacto_stock')]}
      rows={
        rows?.map((r) => ({
          id: r.id,
          name: r.titulo,
          cells: [r.orden ?? '', r.codificacion ?? '', r.titulo, r.impacto_stock ? t(`entities.actividad.enums.impacto_stock.${r.impacto_stock}`) : ''],
        })) ?? null
      }
      emptyText={t('process.noActivities')}
      failed={failed && <LoadFailed error={failed.error} onRetry={() => void load()} />}
      busy={busy}
      onAdd={readOnly ? undefined : () => open('create', `?proceso=${procesoId}&orden=${nextOrder((rows ?? []).map((r) => ({ id: r.id, order: r.orden })))}`)}
      onEdit={(id) => open(readOnly ? `${id}/show` : id)}
      onMove={
        readOnly
          ? undefined
          : (id, delta) =>
              write(async () => {
                const changes = moveRow((rows ?? []).map((r) => ({ id: r.id, order: r.orden })), id, delta);
                for (const c of changes)
                  await entityCalls.updateColumn(ENTITY, { rowid: c.id, tablename: ENTITY, colname: 'orden', colvalue: c.order, version: byId(c.id)?.version });
              })
      }
      onDuplicate={
        readOnly
          ? undefined
          : (id) =>
              write(async () => {
                const copy = await api.post<Activity>('status/duplicate', { id });
                showSuccess(t('process.duplicated', { codificacion: copy.codificacion ?? copy.titulo }));
                emitUpdateList();
              })
      }
      onRemove={readOnly ? undefined : (id) => write(() => entityCalls.remove(ENTITY, id))}
    />
  );
}
