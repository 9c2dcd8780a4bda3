/** The fields of an object: the record itself and child-table rows stack their fields; a nested object gets a titled fieldset. */
import { Fieldset, Stack } from '@chakra-ui/react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { isArrayItem } from './labelKeys';
import { useFieldLabel } from './useFieldLabel';

export function ObjectFieldTemplate({ properties, fieldPathId, uiSchema, registry }: ObjectFieldTemplateProps) {
  const path = fieldPathId.path;
  const title = useFieldLabel(path, uiSchema, registry);
  const fields = (
    <Stack gap="3">
      {properties.map((p) => (p.hidden ? p.content : <div key={p.name}>{p.content}</div>))}
    </Stack>
  );
  if (path.length === 0 || isArrayItem(path)) return fields;
  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="3">
      <Fieldset.Legend px="1" fontWeight="semibold">
        {title}
      </Fieldset.Legend>
      <Fieldset.Content>{fields}</Fieldset.Content>
    </Fieldset.Root>
  );
}
