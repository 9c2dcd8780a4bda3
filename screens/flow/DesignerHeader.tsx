/**
 * The designer's bar: title, verify / duplicate / history / save / exit, and the flow's state (verified, unsaved).
 * Read-only: history, edit (when the user may) and exit.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { SubHeader } from '../../widgets/SubHeader';
import { RecordHistory, type RowNamer } from '../entity/RecordHistory';

interface DesignerHeaderProps {
  title: string;
  entity: ResolvedEntity;
  /** null: not stored yet. */
  flowId: number | null;
  saving: boolean;
  verifying: boolean;
  dirty: boolean;
  verified: boolean;
  readOnly?: boolean;
  /** The history's names of steps and connections (./historyNames.ts). */
  nameRow?: RowNamer;
  onSave: () => void;
  onVerify: () => void;
  onDuplicate: () => void;
  /** Read-only: open the flow for editing. */
  onEdit?: () => void;
}

export function DesignerHeader(props: DesignerHeaderProps) {
  const { title, entity, flowId, saving, verifying, dirty, verified, readOnly = false, nameRow, onSave, onVerify, onDuplicate, onEdit } = props;
  const { t } = useTranslation();
  const busy = saving || verifying;
  return (
    <>
      <SubHeader
        title={title}
        onSave={readOnly ? undefined : onSave}
        saving={saving}
        onEdit={readOnly ? onEdit : undefined}
        exitTo={entity.routeForm ?? '/'}
        actions={
          <>
            {!readOnly && (
              <Button size="sm" variant="outline" colorPalette="green" onClick={onVerify} loading={verifying} disabled={busy}>
                {t('flowDesigner.verify')}
              </Button>
            )}
            {!readOnly && flowId !== null && (
              // a copy starts from what is stored: save first
              <Button size="sm" variant="outline" onClick={onDuplicate} disabled={busy || dirty} title={dirty ? t('flowDesigner.saveFirst') : undefined}>
                {t('flowDesigner.duplicate')}
              </Button>
            )}
            {flowId !== null && <RecordHistory entity={entity} id={flowId} nameRow={nameRow} />}
          </>
        }
      />
      <HStack gap="3" wrap="wrap" aria-live="polite">
        <Box px="2" py="0.5" rounded="sm" fontSize="sm" fontWeight="semibold" bg={verified ? 'green.100' : 'gray.100'} color={verified ? 'green.800' : 'gray.800'} data-testid="flow-status">
          {t(verified ? 'flowDesigner.status.verified' : 'flowDesigner.status.unverified')}
        </Box>
        {dirty && (
          <Text fontSize="sm" color="orange.700">
            {t('flowDesigner.status.unsaved')}
          </Text>
        )}
      </HStack>
    </>
  );
}
