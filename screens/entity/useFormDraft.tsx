/**
 * A record form's draft (./useDraft.tsx): the data as the form last reported it, secrets left out, kept over the
 * version on screen; Recover puts it in the form as typed over the stored record and the next save meets the
 * draft's version. Pass `keep` as EntityForm's `onTyped`, `drop` to the leave guard and after a save, and render
 * `notice` above the form.
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { draftKey, withoutSecretFields } from '../../engine/formDrafts';
import type { FormRecord, useEntityRecord } from './useEntityRecord';
import { useDraft } from './useDraft';

interface FormDraftOptions {
  entity: ResolvedEntity;
  record: ReturnType<typeof useEntityRecord>;
  /** The record's id; null for a new record, told apart by `address` (a preset in its query). */
  id: string | null;
  address: string;
  /** The signed-in user's name; no drafts without one. */
  user: string | undefined;
  /** The form takes typing (not view mode). */
  editable: boolean;
  /** Typed data is pending on screen. */
  typing: boolean;
}

export function useFormDraft({ entity, record, id, address, user, editable, typing }: FormDraftOptions) {
  const { typed, version, recover } = record;
  return useDraft({
    key: user && editable ? draftKey(user, entity.name, id, address) : null,
    ready: record.data !== null,
    typing,
    version: () => version() ?? null,
    typed: () => {
      const data = typed();
      return data && (withoutSecretFields(entity.schema, entity.ui, data) as FormRecord);
    },
    recover: (draft) => recover({ ...record.data, ...draft.data }, draft.version ?? undefined),
  });
}
