/**
 * A client or an article created or updated from the record form (spec §9 "client and article edit modes"):
 * the party's or article's own form, narrowed to what a sale needs, written through `registro/party` or
 * `registro/article` (the server checks the activity's mode again). The record form offers it only where the
 * mode allows (engine/records/editModes.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@chakra-ui/react';
import { ApiError } from '../../engine/api/client';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { FieldError } from '../../engine/errors';
import { INLINE_FIELDS } from '../../engine/records/editModes';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { JsonSchema, UiSchema } from '../../engine/metadata/types';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { showSuccess } from '../../widgets/toaster';
import { optionsSource } from '../app/entityData';
import { reportFailure } from '../app/feedback';
import { entityOf, rulesOf } from '../metadata';
import { recordCalls } from './calls';
import { ConfirmDiscard } from '../entity/ConfirmDiscard';

export type InlineKind = 'party' | 'article';

const FIELDS: Record<InlineKind, { entity: string; fields: readonly string[] }> = {
  party: { entity: 'perfil', fields: INLINE_FIELDS.party },
  article: { entity: 'articulo', fields: INLINE_FIELDS.article },
};

/**
 * The entity with only `fields` shown. The schema stays whole: forms validate with validators compiled ahead
 * from schemas/ (no code is generated in the browser); the other fields are hidden and never sent.
 */
function narrowed(base: ResolvedEntity, fields: readonly string[]): ResolvedEntity {
  const properties = Object.keys((base.schema as JsonSchema).properties ?? {});
  const ui: UiSchema = { ...base.ui, 'ui:order': [...fields.filter((f) => properties.includes(f)), '*'] };
  for (const f of properties) if (!fields.includes(f)) ui[f] = { ...(ui[f] as object), 'ui:widget': 'hidden' };
  return { ...base, ui };
}

export interface InlineEditDialogProps {
  kind: InlineKind;
  actividad: number;
  /** The one to update; null creates one. */
  id: number | null;
  onSaved: (stored: StoredRecord) => void;
  onClose: () => void;
  /** Typed data not saved yet: the record page's leave guard holds Back and the menu for it too. */
  onDirtyChange?: (dirty: boolean) => void;
}

export function InlineEditDialog({ kind, actividad, id, onSaved, onClose, onDirtyChange }: InlineEditDialogProps) {
  const { t } = useTranslation();
  const spec = FIELDS[kind];
  const entity = useMemo(() => narrowed(entityOf(spec.entity), spec.fields), [spec]);
  const [data, setData] = useState<Record<string, unknown> | null>(id === null ? {} : null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const formId = `inline-${kind}`;
  // typed data is not dropped without a question: cancel, the close button and Escape ask first
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());

  useEffect(() => {
    if (id === null) return;
    let live = true;
    recordCalls.inlineShow(kind, actividad, id).then(
      (r) => live && setData(r),
      (e) => {
        if (e instanceof ApiError) reportFailure(e);
        if (live) onClose();
      },
    );
    return () => {
      live = false;
    };
    // onClose is the caller's render callback
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, actividad, id]);

  const submit = async (datos: Record<string, unknown>) => {
    setSaving(true);
    setErrors([]);
    try {
      const shown = Object.fromEntries(spec.fields.filter((f) => datos[f] !== undefined).map((f) => [f, datos[f]]));
      const stored = await recordCalls.inlineEdit(kind, actividad, id, shown);
      showSuccess(t('entity.saved'));
      onSaved(stored);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors(e.fieldErrors);
      reportFailure(e);
    } finally {
      setSaving(false);
    }
  };

  const title = t(`execution.inline.${kind}.${id === null ? 'create' : 'update'}`);
  return (
    <Modal
      open
      onClose={close}
      title={title}
      footer={
        <DialogButtons
          secondary={{ label: t('execution.inline.cancel'), onClick: close }}
          primary={{ label: t('execution.inline.save'), form: formId, loading: saving, disabled: data === null }}
        />
      }
    >
      {data === null ? (
        <Spinner role="status" aria-label={t('app.loading')} />
      ) : (
        <SchemaForm
          entity={entity}
          formId={formId}
          formData={data}
          serverErrors={errors}
          optionsSource={optionsSource}
          rules={rulesOf(spec.entity)}
          onDirtyChange={(d) => {
            setDirty(d);
            onDirtyChange?.(d);
          }}
          onSubmit={(d) => void submit(d)}
        />
      )}
      <ConfirmDiscard open={asking} onStay={() => setAsking(false)} onLeave={onClose} />
    </Modal>
  );
}
