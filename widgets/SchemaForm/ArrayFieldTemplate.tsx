/**
 * A child table (array of objects, e.g. contacts, locations): its title, one sub-form per row, and an add button.
 * With `ui:options.grid` the rows are a compact grid: the field labels once as column titles, one line per row
 * (./childGrid.ts); narrow screens scroll it sideways.
 */
import { Box, Button, Fieldset, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import type { ArrayFieldTemplateProps, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '../../engine/metadata/types';
import { GRID_BUTTONS_WIDTH, gridColumns, gridMinWidth, gridTemplate, isGrid } from './childGrid';
import { PlusIcon } from './icons';
import { labelKeyOf } from './labelKeys';
import { formContextOf } from './context';
import { useFieldLabel } from './useFieldLabel';

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, readonly, disabled, fieldPathId, uiSchema, registry, required, schema } = props;
  const { t } = useTranslation();
  const title = useFieldLabel(fieldPathId.path, uiSchema, registry);
  const grid = isGrid(uiSchema);
  const columns = grid ? gridColumns(schema.items as JsonSchema | undefined, uiSchema?.items as UiSchema | undefined) : [];
  const entity = formContextOf(registry).entity;
  const rows = (
    <Stack gap={grid ? '0' : '3'}>
      {items.length === 0 && <Text color="fg.muted">{t('form.noItems')}</Text>}
      {grid && items.length > 0 && (
        <Flex gap="2" aria-hidden borderBottomWidth="1px" pb="1">
          <Grid flex="1" templateColumns={gridTemplate(columns.length)} gap="2">
            {columns.map((c) => (
              <Text key={c} fontSize="sm" fontWeight="medium" color="fg.muted" truncate>
                {t(labelKeyOf(entity, [...fieldPathId.path.filter((p) => typeof p === 'string'), c]))}
              </Text>
            ))}
          </Grid>
          {!readonly && <Box w={GRID_BUTTONS_WIDTH} flexShrink={0} />}
        </Flex>
      )}
      {items}
    </Stack>
  );
  return (
    // minW 0: a fieldset is at least as wide as its content by default, so a grid's row would widen the page on a
    // phone instead of scrolling sideways in its own box
    <Fieldset.Root id={fieldPathId.$id} minW="0">
      <Fieldset.Legend fontWeight="semibold">
        {title}
        {required && (
          <Text as="span" color="fg.error" aria-hidden ms="1">
            *
          </Text>
        )}
      </Fieldset.Legend>
      <Fieldset.Content>
        {grid ? (
          // relative: the labels kept for screen readers (visually hidden, absolutely placed) scroll with their
          // row instead of widening the page; viewed (nothing to focus in it), the box itself takes the keyboard to scroll
          <Box overflowX="auto" position="relative" tabIndex={readonly ? 0 : undefined}>
            <Box minW={gridMinWidth(columns.length, !readonly)}>{rows}</Box>
          </Box>
        ) : (
          rows
        )}
      </Fieldset.Content>
      {canAdd && !readonly && (
        <Button type="button" variant="outline" size="sm" alignSelf="flex-start" onClick={onAddClick} disabled={disabled}>
          <PlusIcon />
          {t('form.add')}
        </Button>
      )}
    </Fieldset.Root>
  );
}
