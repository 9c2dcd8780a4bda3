/**
 * The entity's own button on a record's form (screens/formExtras.ts), for the route form and the dialog form. It
 * acts on the record as the server holds it and then shows it again (its reload), which would replace what was
 * typed: with typed data it asks first (ConfirmSaveFirst), saves, and only then starts. The reload after it then
 * brings the server's version, so the next save meets it.
 */
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { formExtras } from '../formExtras';
import { ConfirmSaveFirst } from './ConfirmSaveFirst';
import type { useEntityRecord } from './useEntityRecord';

interface RecordExtraProps {
  entity: ResolvedEntity;
  record: ReturnType<typeof useEntityRecord>;
}

export function RecordExtra({ entity, record }: RecordExtraProps) {
  const { t } = useTranslation();
  // the button's first step, waiting for the user's answer (boxed: a bare function in state is taken as an updater)
  const [waiting, setWaiting] = useState<{ go: () => void } | null>(null);
  const Extra = formExtras[entity.name];
  if (!Extra || record.recordId === null || record.data === null) return null;
  const whenSaved = (go: () => void) => (record.typed() ? setWaiting({ go }) : go());
  const saveThenGo = async (go: () => void) => {
    setWaiting(null);
    const typed = record.typed();
    // a refused save (its errors on the fields, or a toast) leaves the record and what was typed as they are
    if (typed && !(await record.save(typed))) return;
    go();
  };
  return (
    <>
      <Suspense fallback={null}>
        <Extra id={record.recordId} data={record.data} reload={record.reload} whenSaved={whenSaved} />
      </Suspense>
      <ConfirmSaveFirst
        open={waiting !== null}
        text={t('entity.extraUnsaved.text')}
        confirmLabel={t('entity.extraUnsaved.confirm')}
        onStay={() => setWaiting(null)}
        onConfirm={() => waiting && void saveThenGo(waiting.go)}
      />
    </>
  );
}
