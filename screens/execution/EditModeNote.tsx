/**
 * Says what the activity's client or article edit mode leaves out (spec §9): a missing "New client" or "Edit
 * client" button is not a mystery. Nothing when the mode allows both. The client's note is the Cliente field's
 * own help (its key goes in the header form's ui); the articles' stands under the items.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EditMode } from '../../engine/records/editModes';

/** The locale key of what the mode leaves out; null when it allows both. */
export function editModeNoteKey(kind: 'party' | 'article', mode: EditMode | undefined): string | null {
  const m = mode ?? 'no_permitido';
  return m === 'ambos' ? null : `execution.inline.${kind}.mode.${m}`;
}

export function EditModeNote({ kind, mode }: { kind: 'party' | 'article'; mode: EditMode | undefined }) {
  const { t } = useTranslation();
  const key = editModeNoteKey(kind, mode);
  if (!key) return null;
  return (
    <Text textStyle="xs" color="fg.muted" mt="1">
      {t(key)}
    </Text>
  );
}
