/** One row of a child table: a bordered sub-form with its move and remove buttons (hidden in show mode). */
import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from './icons';

export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index, readonly, disabled }: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const name = t('form.item', { n: index + 1 });
  const b = buttonsProps;
  const off = disabled || readonly;
  return (
    <Box role="group" aria-label={name} borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" mb="2">
        <Text fontSize="sm" color="fg.muted">
          {name}
        </Text>
        {hasToolbar && !readonly && (
          <HStack gap="1">
            {b.hasMoveUp && (
              <IconButton type="button" size="xs" variant="ghost" aria-label={t('form.moveUp')} onClick={b.onMoveUpItem} disabled={off}>
                <ArrowUpIcon />
              </IconButton>
            )}
            {b.hasMoveDown && (
              <IconButton type="button" size="xs" variant="ghost" aria-label={t('form.moveDown')} onClick={b.onMoveDownItem} disabled={off}>
                <ArrowDownIcon />
              </IconButton>
            )}
            {b.hasRemove && (
              <IconButton type="button" size="xs" variant="ghost" colorPalette="red" aria-label={t('form.remove')} onClick={b.onRemoveItem} disabled={off}>
                <TrashIcon />
              </IconButton>
            )}
          </HStack>
        )}
      </HStack>
      {children}
    </Box>
  );
}
