/** The designer's bar: title, verify / duplicate / history / save / exit, and the flow's state (verified, unsaved). */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { SubHeader } from '../../widgets/SubHeader';
import { RecordHistory } from '../entity/RecordHistory';

interface DesignerHeaderProps {
  title: string;
  entity: ResolvedEntity;
  /** null: not stored yet. */
  flowId: number | null;
  saving: boolean;
  verifying: boolean;
  dirty: boolean;
  verified: boolean;
  onSave: () => void;
  onVerify: () => void;
  onDuplicate: () => void;
}

export function DesignerHeader({ title, entity, flowId, saving, verifying, dirty, verified, onSave, onVerify, onDuplicate }: DesignerHeaderProps) {
  const { t } = useTranslation();
  const busy = saving || verifying;
  return (
    <>
      <SubHeader
        title={title}
        onSave={onSave}
        saving={saving}
        exitTo={entity.routeForm ?? '/'}
        actions={
          <>
            <Button size="sm" variant="outline" colorPalette="green" onClick={onVerify} loading={verifying} disabled={busy}>
              {t('flowDesigner.verify')}
            </Button>
            {flowId !== null && (
              // a copy starts from what is stored: save first
              <Button size="sm" variant="outline" onClick={onDuplicate} disabled={busy || dirty} title={dirty ? t('flowDesigner.saveFirst') : undefined}>
                {t('flowDesigner.duplicate')}
              </Button>
            )}
            {flowId !== null && <RecordHistory entity={entity} id={flowId} />}
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
