/** SchemaForm over a record being loaded or saved (useEntityRecord). */
import { useTranslation } from 'react-i18next';
import { Spinner } from '@chakra-ui/react';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { optionsSource } from '../app/entityData';
import { rulesOf } from '../metadata';
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
  if (record.data === null) return <Spinner aria-label={t('app.loading')} />;
  return (
    <SchemaForm
      entity={entity}
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
