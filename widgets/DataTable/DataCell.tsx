/**
 * One cell: the value as text, cut at the column's `truncate` length with the whole text as a tooltip.
 * An editable cell is a button (click or double-click) that opens an input: Enter saves, Escape or leaving cancels.
 */
import { useState } from 'react';
import { chakra, Input, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { cellText, editText } from './cellText';

export interface DataCellProps {
  column: ResolvedColumn;
  value: unknown;
  /** Present when this cell may be edited inline. */
  onCommit?: (text: string) => void;
}

const ellipsis = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function DataCell({ column, value, onCommit }: DataCellProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { text, full } = cellText(value, column.truncate, (v) => t(v ? 'dataTable.yes' : 'dataTable.no'));
  const label = t(column.label);

  if (editing && onCommit) {
    return (
      <Table.Cell py="0" px="1">
        <Input
          size="2xs"
          autoFocus
          defaultValue={editText(value)}
          inputMode={column.type === 'integer' || column.type === 'number' ? 'decimal' : undefined}
          aria-label={t('dataTable.cellValue', { column: label })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setEditing(false);
              if (e.currentTarget.value !== editText(value)) onCommit(e.currentTarget.value);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setEditing(false);
            }
          }}
          onBlur={() => setEditing(false)}
        />
      </Table.Cell>
    );
  }
  return (
    <Table.Cell py="0" {...ellipsis} title={full}>
      {onCommit ? (
        <chakra.button
          type="button"
          w="full"
          textAlign="start"
          minH="5"
          rounded="sm"
          cursor="text"
          {...ellipsis}
          _hover={{ bg: 'bg.muted' }}
          focusVisibleRing="inside"
          aria-label={t('dataTable.editCell', { column: label, value: full ?? text })}
          onClick={() => setEditing(true)}
        >
          {text}
        </chakra.button>
      ) : (
        text
      )}
    </Table.Cell>
  );
}
