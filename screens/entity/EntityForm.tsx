/** SchemaForm over a record being loaded or saved (useEntityRecord). */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@chakra-ui/react';
import { entityTitleKey, type ResolvedEntity } from '../../engine/metadata/resolve';
import type { UiSchema } from '../../engine/metadata/types';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { ANY_ENTITY } from '../../widgets/DataTable/valueText';
import { optionsSource } from '../app/entityData';
import { entities, rulesOf } from '../metadata';
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
  /** Each change on screen, once the record knows it (`record.typed()`). */
  onTyped?: () => void;
}

/**
 * View mode writes an entity's name (a column with `names: "entity"`: a delivery's entity, an event's origin) by
 * the entity's title, as its list does, not as the form's picker offers it ("Event (evento)").
 */
export function entityNamesShown(entity: ResolvedEntity): ResolvedEntity {
  const fields = entity.columns.filter((c) => c.names === 'entity' && (entity.ui[c.field] as UiSchema | undefined)?.['ui:widget'] !== 'hidden');
  if (!fields.length) return entity;
  const titles = { [ANY_ENTITY]: 'dataTable.anyEntity', ...Object.fromEntries(Object.keys(entities).map((name) => [name, entityTitleKey(name)])) };
  return { ...entity, ui: { ...entity.ui, ...Object.fromEntries(fields.map((c) => [c.field, { 'ui:enumNames': titles }])) } };
}

export function EntityForm({ entity, formId, record, readOnly, onSaved, onDirtyChange, onTyped }: EntityFormProps) {
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
  const dressed = useMemo(() => (dressing ? dressing.ui(entity, data) : entity), [entity, dressing, key]);
  const shown = useMemo(() => (readOnly ? entityNamesShown(dressed) : dressed), [readOnly, dressed]);
  if (record.data === null) return <Spinner aria-label={t('app.loading')} />;
  return (
    <SchemaForm
      entity={shown}
      onChange={(typed) => {
        // the record knows what is typed (a record action saves it first)
        record.onTyped(typed);
        onTyped?.();
        if (dressing) setTyped(typed);
      }}
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
