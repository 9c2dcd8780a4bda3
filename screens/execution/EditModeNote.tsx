/**
 * Says what the activity's client or article edit mode leaves out (spec §9), beside the inline edit buttons:
 * a missing "New client" or "Edit client" button is not a mystery. Nothing when the mode allows both.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EditMode } from '../../engine/records/editModes';

export function EditModeNote({ kind, mode }: { kind: 'party' | 'article'; mode: EditMode | undefined }) {
  const { t } = useTranslation();
  const m = mode ?? 'no_permitido';
  if (m === 'ambos') return null;
  return (
    <Text textStyle="xs" color="fg.muted" mt="1">
      {t(`execution.inline.${kind}.mode.${m}`)}
    </Text>
  );
}
