/** One row of a child table: a bordered sub-form with its move and remove buttons (hidden in show mode), or a line of a grid. */
import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { GRID_BUTTONS_WIDTH, isGrid } from './childGrid';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from './icons';

export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index, readonly, disabled, parentUiSchema }: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const name = t('form.item', { n: index + 1 });
  const b = buttonsProps;
  const off = disabled || readonly;
  const buttons = hasToolbar && !readonly && (
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
  );
  if (isGrid(parentUiSchema)) {
    // a line of the compact grid: the fields, then the row's buttons in a column of their own
    return (
      <Flex role="group" aria-label={name} gap="2" py="1.5" borderBottomWidth="1px" align="flex-start">
        <Box flex="1" minW="0">
          {children}
        </Box>
        {!readonly && (
          <Box w={GRID_BUTTONS_WIDTH} flexShrink={0} pt="1">
            {buttons}
          </Box>
        )}
      </Flex>
    );
  }
  return (
    <Box role="group" aria-label={name} borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" mb="2">
        <Text fontSize="sm" color="fg.muted">
          {name}
        </Text>
        {buttons}
      </HStack>
      {children}
    </Box>
  );
}
