/**
 * One cell: the value as text, cut at the column's `truncate` length with the whole text as a tooltip.
 * An editable cell is a button (click or double-click) that opens an input: Enter saves, Escape or leaving cancels.
 * Plain <td>/<button> styled by the body's stylesheet (rowStyles); only the input is a Chakra component, as it
 * exists for one cell at a time.
 */
import { useState } from 'react';
import { Input } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { cellText, editText } from './cellText';
import { ROW_CLASS } from './rowStyles';

export interface DataCellProps {
  column: ResolvedColumn;
  /** The column's label, translated. */
  label: string;
  value: unknown;
  /** What to show instead of the value (a reference's name); editing still starts from the value. */
  shown?: string;
  /** The table's `t`: a translation hook per cell would subscribe every cell of every row to i18next. */
  t: TFunction;
  /** Present when this cell may be edited inline. */
  onCommit?: (text: string) => void;
}

export function DataCell({ column, label, value, shown, t, onCommit }: DataCellProps) {
  const { text, full } = cellText(shown ?? value, column.truncate, (v) => t(v ? 'dataTable.yes' : 'dataTable.no'));
  if (!onCommit) return <td title={full}>{text}</td>;
  return <EditableCell column={column} label={label} value={value} t={t} onCommit={onCommit} text={text} full={full} />;
}

function EditableCell({ column, label, value, t, onCommit, text, full }: DataCellProps & { onCommit: (text: string) => void; text: string; full?: string }) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <td className={ROW_CLASS.editing}>
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
      </td>
    );
  }
  return (
    <td title={full}>
      <button
        type="button"
        className={ROW_CLASS.edit}
        aria-label={t('dataTable.editCell', { column: label, value: full ?? text })}
        onClick={() => setEditing(true)}
      >
        {text}
      </button>
    </td>
  );
}
