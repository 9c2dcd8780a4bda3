/**
 * The column choice: a popover with one checkbox per column. The last visible column cannot be unchecked.
 * "Default columns" forgets the user's saved choice (offered only when there is one, or a change).
 */
import { Button, Checkbox, Popover, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { ColumnsIcon } from './icons';

export interface ColumnChooserProps {
  columns: readonly ResolvedColumn[];
  visible: readonly string[];
  onChange: (names: string[]) => void;
  onReset?: () => void;
}

export function ColumnChooser({ columns, visible, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const shown = new Set(visible);
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...visible, name] : visible.filter((n) => n !== name));
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline">
          <ColumnsIcon />
          {t('dataTable.columns')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto" minW="48" aria-label={t('dataTable.chooseColumns')}>
            <Popover.Body>
              <Popover.Title fontWeight="semibold" mb="2">
                {t('dataTable.chooseColumns')}
              </Popover.Title>
              <Stack gap="2">
                {columns.map((c) => {
                  const checked = shown.has(c.name);
                  return (
                    <Checkbox.Root
                      key={c.name}
                      size="sm"
                      checked={checked}
                      disabled={checked && visible.length === 1}
                      onCheckedChange={(e) => toggle(c.name, e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t(c.label)}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Stack>
              {onReset && (
                <Button size="xs" variant="ghost" mt="3" onClick={onReset}>
                  {t('dataTable.resetColumns')}
                </Button>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
