/**
 * Under the record's header (the client) and its items (an article): the buttons that open the inline form
 * (./InlineEditDialog.tsx) to create one, or to correct the one chosen, as far as the activity's mode allows.
 */
import { Button, HStack } from '@chakra-ui/react';
import { mayCreate, mayUpdate, type EditMode } from '../../engine/records/editModes';
import type { InlineKind } from './InlineEditDialog';

interface Props {
  kind: InlineKind;
  mode: EditMode | undefined;
  /** The one chosen (the record's client, the active row's article), or null. */
  current: number | null;
  createLabel: string;
  updateLabel: string;
  onOpen(kind: InlineKind, id: number | null): void;
}

export function InlineEditButtons({ kind, mode, current, createLabel, updateLabel, onOpen }: Props) {
  const creates = mayCreate(mode);
  const updates = mayUpdate(mode) && current !== null;
  if (!creates && !updates) return null;
  return (
    <HStack gap="2" mt="2" wrap="wrap">
      {creates && (
        <Button size="xs" variant="outline" onClick={() => onOpen(kind, null)}>
          {createLabel}
        </Button>
      )}
      {updates && (
        <Button size="xs" variant="outline" onClick={() => onOpen(kind, current)}>
          {updateLabel}
        </Button>
      )}
    </HStack>
  );
}
