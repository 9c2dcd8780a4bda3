/**
 * The fields of an object: the record itself and child-table rows stack their fields; a nested object gets a
 * titled fieldset. A long record is grouped in titled sections when its ui.json says so (`ui:sections`:
 * `[{ "title": "<locale key>", "fields": [...] }]`; fields no section names go at the end), and a row of a grid
 * child table lays its fields out in one line (./childGrid.ts).
 */
import { Fieldset, Grid, Heading, Stack } from '@chakra-ui/react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { gridTemplate, isGridRow } from './childGrid';
import { isArrayItem } from './labelKeys';
import { useFieldLabel } from './useFieldLabel';

interface Section {
  title: string;
  fields: string[];
}

type Property = ObjectFieldTemplateProps['properties'][number];

const draw = (p: Property) => (p.hidden ? p.content : <div key={p.name}>{p.content}</div>);

export function ObjectFieldTemplate({ properties, fieldPathId, uiSchema, registry }: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const path = fieldPathId.path;
  const title = useFieldLabel(path, uiSchema, registry);
  if (isGridRow(uiSchema)) {
    const shown = properties.filter((p) => !p.hidden);
    return (
      <Grid templateColumns={gridTemplate(shown.length)} gap="2" alignItems="start">
        {properties.map(draw)}
      </Grid>
    );
  }
  const sections = path.length === 0 ? (uiSchema?.['ui:sections'] as Section[] | undefined) : undefined;
  if (sections?.length) {
    const placed = new Set(sections.flatMap((s) => s.fields));
    const rest = properties.filter((p) => !placed.has(p.name));
    return (
      <Stack gap="6">
        {sections.map((section) => {
          const own = properties.filter((p) => section.fields.includes(p.name));
          if (!own.some((p) => !p.hidden)) return <div key={section.title}>{own.map(draw)}</div>;
          const id = `${fieldPathId.$id}__section_${section.title.replace(/[^A-Za-z0-9_-]/g, '_')}`;
          return (
            <Stack as="section" key={section.title} gap="3" aria-labelledby={id}>
              <Heading as="h2" size="md" id={id} borderBottomWidth="1px" pb="1">
                {t(section.title)}
              </Heading>
              {own.map(draw)}
            </Stack>
          );
        })}
        {rest.length > 0 && <Stack gap="3">{rest.map(draw)}</Stack>}
      </Stack>
    );
  }
  const fields = <Stack gap="3">{properties.map(draw)}</Stack>;
  if (path.length === 0 || isArrayItem(path)) return fields;
  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="3" minW="0">
      <Fieldset.Legend px="1" fontWeight="semibold">
        {title}
      </Fieldset.Legend>
      <Fieldset.Content>{fields}</Fieldset.Content>
    </Fieldset.Root>
  );
}
