/** SchemaForm over a record being loaded or saved (useEntityRecord). */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@chakra-ui/react';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { optionsSource } from '../app/entityData';
import { rulesOf } from '../metadata';
import { formUi } from '../formUi';
import type { useEntityRecord } from './useEntityRecord';

interface EntityFormProps {
  entity: ResolvedEntity;
  formId: string;
  record: ReturnType<typeof useEntityRecord>;
  readOnly?: boolean;
  /** Called with the stored record's id and the save's reply. */
  onSaved?: (id: number | string, record: Record<string, unknown>) => void;
  /** Typed data not saved yet (SchemaForm's onDirtyChange). */
  onDirtyChange?: (dirty: boolean) => void;
}

export function EntityForm({ entity, formId, record, readOnly, onSaved, onDirtyChange }: EntityFormProps) {
  const { t } = useTranslation();
  // options that follow the data on screen (../formUi.ts): what they depend on, as typed
  const dressing = formUi[entity.name];
  const [typed, setTyped] = useState<Record<string, unknown> | null>(null);
  const [given, setGiven] = useState(record.data);
  if (given !== record.data) {
    // loaded or saved again: the record's own data counts, not what was typed before
    setGiven(record.data);
    setTyped(null);
  }
  const data = typed ?? record.data ?? {};
  const key = dressing?.key(data) ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shown = useMemo(() => (dressing ? dressing.ui(entity, data) : entity), [entity, dressing, key]);
  if (record.data === null) return <Spinner aria-label={t('app.loading')} />;
  return (
    <SchemaForm
      entity={shown}
      onChange={dressing ? setTyped : undefined}
      formId={formId}
      formData={record.data}
      recordId={record.recordId}
      readOnly={readOnly}
      serverErrors={record.serverErrors}
      optionsSource={optionsSource}
      rules={rulesOf(entity.name)}
      onDirtyChange={(dirty) => {
        // the record takes a newer copy only while nothing typed is pending
        record.onDirtyChange(dirty);
        onDirtyChange?.(dirty);
      }}
      onSubmit={async (data) => {
        const saved = await record.save(data);
        if (saved) onSaved?.(saved.id, saved.record);
      }}
    />
  );
}
