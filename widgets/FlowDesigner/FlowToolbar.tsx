/**
 * Above the canvas: the palette of step kinds (a click adds one — after the selected step, joined from it —
 * and each can be dragged onto the canvas), then undo, redo and automatic layout (zoom and "show all" are the
 * canvas's own controls).
 */
import { memo } from 'react';
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NodeKind } from '../../engine/flow/graph';
import { DRAG_TYPE, KIND_LOOK, PALETTE_KINDS } from './kinds';
import { kindName } from './stepText';

export interface FlowToolbarProps {
  onAdd: (tipo: NodeKind) => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onLayout: () => void;
}

export const FlowToolbar = memo(function FlowToolbar({ onAdd, onUndo, onRedo, canUndo, canRedo, onLayout }: FlowToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" wrap="wrap" align="center" justify="space-between">
      <Box role="toolbar" aria-label={t('flowDesigner.palette.label')}>
        <Text as="span" srOnly>
          {t('flowDesigner.palette.hint')}
        </Text>
        <HStack gap="1.5" wrap="wrap">
          {PALETTE_KINDS.map((tipo) => {
            const look = KIND_LOOK[tipo];
            return (
              <Button
                key={tipo}
                size="xs"
                variant="outline"
                bg={look.bg}
                color={look.fg}
                borderColor={look.border}
                borderWidth="2px"
                rounded={look.pill ? 'full' : 'md'}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(DRAG_TYPE, tipo);
                  e.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={() => onAdd(tipo)}
                _hover={{ filter: 'brightness(0.95)' }}
              >
                <span aria-hidden="true">+</span>
                {kindName(t, tipo)}
              </Button>
            );
          })}
        </HStack>
      </Box>
      <HStack gap="1.5" wrap="wrap">
        <Button size="xs" variant="outline" onClick={onUndo} disabled={!canUndo} title={t('flowDesigner.toolbar.undoKeys')}>
          {t('flowDesigner.toolbar.undo')}
        </Button>
        <Button size="xs" variant="outline" onClick={onRedo} disabled={!canRedo} title={t('flowDesigner.toolbar.redoKeys')}>
          {t('flowDesigner.toolbar.redo')}
        </Button>
        <Button size="xs" variant="outline" onClick={onLayout}>
          {t('flowDesigner.toolbar.layout')}
        </Button>
      </HStack>
    </Flex>
  );
});
