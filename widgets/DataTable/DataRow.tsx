/**
 * One body row. Memoized: its props are the row object, its index and the table's RowView, which stay the same
 * while scrolling, so a scroll frame renders only the rows that come into view.
 */
import { memo, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import type { DecimalPoint } from '../../engine/records/decimal';
import type { Row } from '../../machines/dataTable';
import { DataCell } from './DataCell';
import type { ShownCellError } from './cellError';
import { RowActions } from './RowActions';
import type { ValueText } from './valueText';

/** What every row shares; the table builds it once per change of columns, roles, language or handlers. */
export interface RowView {
  columns: readonly ResolvedColumn[];
  /** The columns' labels, translated. */
  labels: readonly string[];
  /** Per column: edited inline. */
  editable: readonly boolean[];
  /** Per column: the text of a value (an enum's, an entity name's: ./valueText.ts); absent for other columns. */
  enumText: readonly (ValueText | undefined)[];
  /**
   * Per column: the schema's `default` of a yes / no or a choice, shown for a row that holds none (its form shows
   * the same: "No", "Ninguno"), not a blank.
   */
  defaults: readonly unknown[];
  /** Per column: right-aligned (numbers: ./columnKind.ts). */
  endAligned: readonly boolean[];
  /** aria-rowindex of the first body row (after the header rows). */
  firstRowIndex: number;
  t: TFunction;
  /** The decimal point an inline edit's number is written with (the table machine's). */
  point: DecimalPoint;
  nameOf: (row: Row) => string;
  commit: (row: Row, field: string, text: string) => void;
  /** Gives up a refused cell edit. */
  cancel: () => void;
  /** Row actions; each absent when the parent does not handle it or the role does not allow it. */
  show?: (row: Row) => void;
  edit?: (row: Row) => void;
  remove?: (row: Row) => void;
}

export interface DataRowProps {
  row: Row;
  index: number;
  view: RowView;
  /** A refused edit of one of this row's cells; absent on every other row, so they stay memoized. */
  error?: ShownCellError;
}

/** The names the server sends beside reference values (`$labels`: field -> the referenced row's label). */
export const labelsOf = (row: Row) => (row.$labels && typeof row.$labels === 'object' ? (row.$labels as Record<string, string>) : undefined);

/** A cell's text when it is written otherwise than as stored: a referenced row's label, a name, a day, an amount. */
export const shownText = (row: Row, field: string, text: RowView['enumText'][number], value: unknown = row[field]) =>
  labelsOf(row)?.[field] ?? (value != null ? text?.(value, row) : undefined);

/**
 * A click on the row itself opens it (view), as in the tools people know; buttons, fields (a yes / no cell's box
 * and its label) and a selection of text keep theirs.
 */
function openOnClick(open: (() => void) | undefined) {
  if (!open) return undefined;
  return (e: MouseEvent<HTMLTableRowElement>) => {
    if ((e.target as Element).closest('button, a, input, label, textarea, select, [role="textbox"], [contenteditable="true"]')) return;
    if (window.getSelection()?.toString()) return;
    open();
  };
}

export const DataRow = memo(function DataRow({ row, index, view, error }: DataRowProps) {
  const { show, edit, remove } = view;
  const name = view.nameOf(row);
  return (
    <tr aria-rowindex={index + view.firstRowIndex} onClick={openOnClick(show && (() => show(row)))} style={show ? { cursor: 'pointer' } : undefined}>
      {view.columns.map((col, i) => (
        <DataCell
          key={col.name}
          column={col}
          label={view.labels[i]}
          rowName={name}
          value={row[col.field] ?? view.defaults[i]}
          shown={shownText(row, col.field, view.enumText[i], row[col.field] ?? view.defaults[i])}
          t={view.t}
          point={view.point}
          endAligned={view.endAligned[i]}
          onCommit={view.editable[i] ? (text) => view.commit(row, col.field, text) : undefined}
          onCancel={view.cancel}
          error={error?.field === col.field ? error : undefined}
        />
      ))}
      {(show || edit || remove) && (
        <RowActions
          rowName={name}
          t={view.t}
          onShow={show && (() => show(row))}
          onEdit={edit && (() => edit(row))}
          onRemove={remove && (() => remove(row))}
        />
      )}
    </tr>
  );
});
