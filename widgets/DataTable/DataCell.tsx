/**
 * One cell: the value as text, cut at the column's `truncate` length or by the column's width (ellipsis); the whole
 * text is always the cell's tooltip, since only the browser knows whether the width cut it.
 * An editable cell is a button (click or double-click), named with its column and its row, that opens an input:
 * Enter saves, Escape or leaving cancels. A yes / no cell opens a checkbox instead (./YesNoEditor.tsx). The input
 * starts with the value as the user types it (a number with the language's decimal point, a day as dd/mm/yyyy,
 * kept in that shape while typed, as the form's date field does: engine/list/cellEdit.ts).
 * Plain <td>/<button> styled by the body's stylesheet (rowStyles); only the input is a Chakra component, as it
 * exists for one cell at a time.
 */
import { useId, useState } from 'react';
import { Input } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { maskDayMonthYear } from '../../engine/dates';
import { editText } from '../../engine/list/cellEdit';
import { isNumberColumn } from '../../engine/list/typedNumber';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import type { DecimalPoint } from '../../engine/records/decimal';
import { cellText } from './cellText';
import { ROW_CLASS } from './rowStyles';
import type { ShownCellError } from './cellError';
import { YesNoEditor } from './YesNoEditor';

export interface DataCellProps {
  column: ResolvedColumn;
  /** The column's label, translated. */
  label: string;
  /** The row's name (DataTable `nameOf`): an edit button says which row it edits. */
  rowName: string;
  value: unknown;
  /** What to show instead of the value (a reference's name); editing still starts from the value. */
  shown?: string;
  /** The table's `t`: a translation hook per cell would subscribe every cell of every row to i18next. */
  t: TFunction;
  /** The decimal point an edited number starts with and is typed with. */
  point: DecimalPoint;
  /** A number column's cell: its text at the right, so figures line up. */
  endAligned?: boolean;
  /** Present when this cell may be edited inline. */
  onCommit?: (text: string) => void;
  /** Gives up a refused edit. */
  onCancel?: () => void;
  /** This cell's refused edit: the editor stays open with the typed text and the reason below it. */
  error?: ShownCellError;
}

export function DataCell({ column, label, rowName, value, shown, t, point, endAligned, onCommit, onCancel, error }: DataCellProps) {
  const { text, full } = cellText(shown ?? value, column.truncate, (v) => t(v ? 'dataTable.yes' : 'dataTable.no'));
  const title = full ?? (text || undefined);
  const className = endAligned ? ROW_CLASS.end : undefined;
  if (!onCommit)
    return (
      <td title={title} className={className}>
        {text}
      </td>
    );
  return <EditableCell column={column} label={label} rowName={rowName} value={value} t={t} point={point} className={className} onCommit={onCommit} onCancel={onCancel} error={error} text={text} full={title} />;
}

type EditableProps = Omit<DataCellProps, 'endAligned'> & { onCommit: (text: string) => void; text: string; full?: string; className?: string };

function EditableCell({ column, label, rowName, value, t, point, className, onCommit, onCancel, error, text, full }: EditableProps) {
  const [editing, setEditing] = useState(false);
  const errorId = useId();
  const start = editText(value, column, point);
  if (editing || error) {
    // a new refusal starts from what the user typed then
    const key = error ? `error:${error.text}:${error.message}` : 'edit';
    // Escape gives up a refused edit too
    const cancel = () => {
      setEditing(false);
      if (error) onCancel?.();
    };
    return (
      <td className={ROW_CLASS.editing}>
        {column.type === 'boolean' ? (
          <YesNoEditor
            key={key}
            checked={error ? error.text === 'true' : value === true}
            label={t('dataTable.cellValue', { column: label })}
            yes={t('dataTable.yes')}
            no={t('dataTable.no')}
            invalid={!!error}
            describedBy={error ? errorId : undefined}
            onSave={(v) => {
              setEditing(false);
              onCommit(String(v));
            }}
            onEscape={cancel}
            onLeave={() => setEditing(false)}
          />
        ) : (
          <Input
            key={key}
            size="2xs"
            autoFocus
            defaultValue={error ? error.text : start}
            inputMode={column.dayFormat ? 'numeric' : isNumberColumn(column) ? 'decimal' : undefined}
            placeholder={column.dayFormat ? t('form.date.placeholder') : undefined}
            onChange={
              column.dayFormat
                ? (e) => {
                    const masked = maskDayMonthYear(e.currentTarget.value);
                    if (masked !== e.currentTarget.value) e.currentTarget.value = masked;
                  }
                : undefined
            }
            aria-label={t('dataTable.cellValue', { column: label })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setEditing(false);
                // after a refusal, Enter sends again whatever is typed
                if (error || e.currentTarget.value !== start) onCommit(e.currentTarget.value);
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                cancel();
              }
            }}
            // leaving a refused edit keeps it (and its reason) on screen: only Escape gives it up
            onBlur={() => setEditing(false)}
          />
        )}
        {error && (
          <span id={errorId} role="alert" className={ROW_CLASS.cellError}>
            {error.message}
          </span>
        )}
      </td>
    );
  }
  return (
    <td title={full} className={className}>
      <button
        type="button"
        className={ROW_CLASS.edit}
        aria-label={t('dataTable.editCell', { column: label, row: rowName, value: full ?? text })}
        onClick={() => setEditing(true)}
      >
        {text}
      </button>
    </td>
  );
}
