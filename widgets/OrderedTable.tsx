/**
 * A short list kept in a chosen order (a process's activities, an instructive's tasks): a table whose rows move
 * up and down, with edit, duplicate and remove (asked first) per row and an add button. It renders only; the
 * screen loads the rows and writes the moves.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, createIcon, Flex, Heading, HStack, IconButton, Spinner, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove } from './DataTable/ConfirmRemove';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const UpIcon = createIcon({ displayName: 'UpIcon', path: <path {...stroke} d="M12 19V5M5 12l7-7 7 7" />, defaultProps: { 'aria-hidden': true } });
const DownIcon = createIcon({ displayName: 'DownIcon', path: <path {...stroke} d="M12 5v14M19 12l-7 7-7-7" />, defaultProps: { 'aria-hidden': true } });

export type OrderedRowId = number | string;

export interface OrderedTableRow {
  id: OrderedRowId;
  /** What the row is called in the buttons' names ("Editar Solicitud de compra"). */
  name: string;
  cells: ReactNode[];
}

export interface OrderedTableProps {
  /** The table's heading and accessible name. */
  title: string;
  columns: string[];
  /** null while loading. */
  rows: OrderedTableRow[] | null;
  onAdd?: () => void;
  onEdit?: (id: OrderedRowId) => void;
  onDuplicate?: (id: OrderedRowId) => void;
  onRemove?: (id: OrderedRowId) => void;
  /** -1 up, +1 down. */
  onMove?: (id: OrderedRowId, delta: number) => void;
  /** A write is under way: the buttons wait. */
  busy?: boolean;
  /** Said when there are no rows. */
  emptyText?: string;
  /** Shown instead of the rows when they could not be read (a LoadFailed), never the empty text. */
  failed?: ReactNode;
}

export function OrderedTable({ title, columns, rows, onAdd, onEdit, onDuplicate, onRemove, onMove, busy, emptyText, failed }: OrderedTableProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<OrderedTableRow | null>(null);
  const headingId = `ordered-${title.replace(/\W+/g, '-')}`;
  const hasActions = Boolean(onEdit || onDuplicate || onRemove || onMove);
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" gap="3" mb="2" wrap="wrap">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {onAdd && (
          <Button size="sm" variant="outline" onClick={onAdd} disabled={busy}>
            {t('orderedTable.add')}
          </Button>
        )}
      </Flex>
      {failed ? (
        failed
      ) : rows === null ? (
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text fontSize="sm" color="fg.muted">
            {t('dataTable.loading')}
          </Text>
        </HStack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {emptyText ?? t('dataTable.empty')}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-labelledby={headingId} aria-busy={busy}>
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
                ))}
                {hasActions && <Table.ColumnHeader textAlign="end">{t('dataTable.actions')}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, i) => (
                <Table.Row key={row.id}>
                  {row.cells.map((cell, j) => (
                    <Table.Cell key={j}>{cell}</Table.Cell>
                  ))}
                  {hasActions && (
                    <Table.Cell textAlign="end">
                      <HStack gap="1" justify="flex-end" wrap="nowrap">
                        {onMove && (
                          <>
                            <IconButton size="xs" variant="ghost" aria-label={t('orderedTable.up', { row: row.name })} disabled={busy || i === 0} onClick={() => onMove(row.id, -1)}>
                              <UpIcon />
                            </IconButton>
                            <IconButton size="xs" variant="ghost" aria-label={t('orderedTable.down', { row: row.name })} disabled={busy || i === rows.length - 1} onClick={() => onMove(row.id, 1)}>
                              <DownIcon />
                            </IconButton>
                          </>
                        )}
                        {onEdit && (
                          <Button size="xs" variant="ghost" aria-label={t('dataTable.edit', { row: row.name })} disabled={busy} onClick={() => onEdit(row.id)}>
                            {t('orderedTable.edit')}
                          </Button>
                        )}
                        {onDuplicate && (
                          <Button size="xs" variant="ghost" aria-label={t('orderedTable.duplicate', { row: row.name })} disabled={busy} onClick={() => onDuplicate(row.id)}>
                            {t('orderedTable.duplicateShort')}
                          </Button>
                        )}
                        {onRemove && (
                          <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('dataTable.remove', { row: row.name })} disabled={busy} onClick={() => setRemoving(row)}>
                            {t('orderedTable.remove')}
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmRemove
        rowName={removing?.name ?? null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove?.(removing.id);
          setRemoving(null);
        }}
      />
    </Box>
  );
}
