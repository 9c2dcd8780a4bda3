/** A child table (array of objects, e.g. contacts, locations): its title, one sub-form per row, and an add button. */
import { Button, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from './icons';
import { useFieldLabel } from './useFieldLabel';

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, readonly, disabled, fieldPathId, uiSchema, registry, required } = props;
  const { t } = useTranslation();
  const title = useFieldLabel(fieldPathId.path, uiSchema, registry);
  return (
    <Fieldset.Root id={fieldPathId.$id}>
      <Fieldset.Legend fontWeight="semibold">
        {title}
        {required && (
          <Text as="span" color="fg.error" aria-hidden ms="1">
            *
          </Text>
        )}
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="3">
          {items.length === 0 && <Text color="fg.muted">{t('form.noItems')}</Text>}
          {items}
        </Stack>
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
