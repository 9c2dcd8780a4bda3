/**
 * The column choice: a popover with one checkbox per column, the shown ones first in the table's order, each with
 * buttons that move it up (further left in the table) or down. The last visible column cannot be unchecked; a
 * column checked again goes last. "Default columns" forgets the user's saved choice, order included (offered only
 * when there is one, or a change).
 */
import { useLayoutEffect, useRef } from 'react';
import { Box, Button, Checkbox, HStack, IconButton, Popover, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { ColumnsIcon, SortDownIcon, SortUpIcon } from './icons';

export interface ColumnChooserProps {
  columns: readonly ResolvedColumn[];
  /** The shown columns, in the table's order. */
  visible: readonly string[];
  onChange: (names: string[]) => void;
  /** Move a shown column one place: -1 up (left), +1 down (right). */
  onMove?: (name: string, by: -1 | 1) => void;
  onReset?: () => void;
}

/** The control that had the focus before a change, found again after the list is drawn in its new order. */
type Focused = { name: string; part: 'check' | 'up' | 'down'; before: string };

export function ColumnChooser({ columns, visible, onChange, onMove, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const shown = new Set(visible);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const ordered = [...visible.flatMap((n) => byName.get(n) ?? []), ...columns.filter((c) => !shown.has(c.name))];
  const toggle = (name: string, on: boolean) => onChange(on ? [...visible, name] : visible.filter((n) => n !== name));

  // A moved row's element moves in the DOM, which loses the focus: give it back (or to the other arrow at an end).
  const list = useRef<HTMLDivElement>(null);
  const focused = useRef<Focused | null>(null);
  const order = visible.join('\n');
  useLayoutEffect(() => {
    const want = focused.current;
    if (!want || want.before === order || !list.current) return;
    focused.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-column="${CSS.escape(want.name)}"]`);
    const pick = (part: Focused['part']) => row?.querySelector<HTMLElement>(`[data-part-of-row="${part}"]:not(:disabled)`);
    const target = pick(want.part) ?? pick(want.part === 'up' ? 'down' : want.part === 'down' ? 'up' : 'check') ?? pick('check');
    if (target && document.activeElement !== target) target.focus();
  });

  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline" px={{ base: '0', sm: '3' }} aria-label={t('dataTable.columns')}>
          <ColumnsIcon />
          <Box as="span" hideBelow="sm">{t('dataTable.columns')}</Box>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto" minW="56" aria-label={t('dataTable.chooseColumns')}>
            <Popover.Body>
              <Popover.Title fontWeight="semibold" mb="2">
                {t('dataTable.chooseColumns')}
              </Popover.Title>
              <Stack gap="1" ref={list}>
                {ordered.map((c) => {
                  const checked = shown.has(c.name);
                  const at = visible.indexOf(c.name);
                  const label = t(c.label);
                  const move = (by: -1 | 1) => {
                    focused.current = { name: c.name, part: by < 0 ? 'up' : 'down', before: order };
                    onMove?.(c.name, by);
                  };
                  return (
                    <HStack key={c.name} data-column={c.name} gap="1" justify="space-between">
                      <Checkbox.Root
                        size="sm"
                        checked={checked}
                        disabled={checked && visible.length === 1}
                        onCheckedChange={(e) => {
                          focused.current = { name: c.name, part: 'check', before: order };
                          toggle(c.name, e.checked === true);
                        }}
                      >
                        <Checkbox.HiddenInput data-part-of-row="check" />
                        <Checkbox.Control />
                        <Checkbox.Label>{label}</Checkbox.Label>
                      </Checkbox.Root>
                      {onMove && checked && (
                        <HStack gap="0">
                          <MoveButton part="up" label={t('dataTable.moveColumnUp', { column: label })} disabled={at <= 0} onClick={() => move(-1)} />
                          <MoveButton part="down" label={t('dataTable.moveColumnDown', { column: label })} disabled={at === visible.length - 1} onClick={() => move(1)} />
                        </HStack>
                      )}
                    </HStack>
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

function MoveButton({ part, label, disabled, onClick }: { part: 'up' | 'down'; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <IconButton size="2xs" variant="ghost" aria-label={label} title={label} disabled={disabled} data-part-of-row={part} onClick={onClick}>
      {part === 'up' ? <SortUpIcon /> : <SortDownIcon />}
    </IconButton>
  );
}
