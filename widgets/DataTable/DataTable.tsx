/**
 * The data table of an entity (spec §2, §4, §9): search, filter row, column choice with save, sortable headers,
 * virtual rows with infinite scroll, row actions and inline edit. State and rules live in machines/dataTable
 * and engine/list; this view draws them. It does not navigate: the screen gets onAdd / onEdit / onShow.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isPermitted } from '../../engine/roles';
import { choosableColumns } from '../../engine/list/preferences';
import { ACTIONS_COLUMN_WIDTH } from '../../engine/list/sizes';
import { listContext } from '../../engine/list/recordSteps';
import { rowLabel } from '../../engine/metadata/label';
import { columnsDirty, columnsResettable, requestQuery, type Row, type RowId } from '../../machines/dataTable';
import { ConfirmRemove } from './ConfirmRemove';
import { DataRow, labelsOf, type RowView } from './DataRow';
import { cellErrorMessage, type ShownCellError } from './cellError';
import { TableHead } from './TableHead';
import { Toolbar } from './Toolbar';
import { VirtualBody } from './VirtualBody';
import { useRowStyles } from './rowStyles';
import { useDataTable } from './useDataTable';
import { useScrollBack } from './useScrollBack';
import { useColumnModel } from './useColumnModel';
import { useOptionNames, valueTextOf } from './valueText';
import { alignsEnd, columnKind, kindText, startWidth } from './columnKind';
import type { ColumnWidths } from '../../engine/list/preferences';
import type { DataTableProps } from './types';

/** Narrowest a data column without a dragged width gets before the table scrolls sideways (phones). */
const MIN_SHARE_WIDTH = 120;

export function DataTable(props: DataTableProps) {
  const { entity, source, userRoles, onAdd, onEdit, onShow } = props;
  const { t, i18n } = useTranslation();
  const { snapshot, send, sizes, toolbarRef } = useDataTable(props);
  const c = snapshot.context;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  // The row handlers read the latest callbacks and rows, so the parent's new closures do not re-render every row.
  const latest = useRef({ onShow, onEdit, c });
  latest.current = { onShow, onEdit, c };
  const at = useCallback(
    (row: Row) => {
      const { c: now } = latest.current;
      const ids = now.rows.map((r) => r[entity.rowKey] as RowId);
      const view = { ...now.query, top: scrollRef.current?.scrollTop ?? 0 };
      return listContext({ list: entity.list, query: requestQuery(now), ids, total: now.total, estimated: now.totalEstimated, view }, now.rows.indexOf(row));
    },
    [entity],
  );

  const byName = useMemo(() => new Map(entity.columns.map((col) => [col.name, col])), [entity]);
  const onWidths = useCallback((widths: ColumnWidths) => send({ type: 'SET_WIDTHS', widths }), [send]);
  const onOrder = useCallback((names: string[]) => send({ type: 'SET_COLUMNS', names }), [send]);
  const { resize, visibleIds, move, moveTo } = useColumnModel(entity.columns, c.visibleColumns, c.widths, onWidths, onOrder);
  // Keyed by the names, so the rows' shared view (and every memoized row) stays the same while the model re-renders.
  const visibleKey = visibleIds.join('\n');
  const visible = useMemo(() => (visibleKey ? visibleKey.split('\n') : []).flatMap((n) => byName.get(n) ?? []), [visibleKey, byName]);
  const kinds = useMemo(() => visible.map((col) => columnKind(entity, col)), [visible, entity]);
  const labels = useMemo(() => visible.map((col) => t(col.label)), [visible, t]);
  // a column nobody sized starts at its kind's width (numbers, days, yes/no); text shares the rest
  const widthOf = (i: number) => resize.sizing[visible[i].name] ?? startWidth(kinds[i], labels[i]);
  const endAligned = useMemo(() => kinds.map(alignsEnd), [kinds]);
  const sizedWidth = visible.reduce((sum, _, i) => sum + (widthOf(i) ?? MIN_SHARE_WIDTH), 0);
  const canEdit = isPermitted(userRoles, entity.editRoles);
  const canRemove = isPermitted(userRoles, entity.removeRoles) && !!source.remove;
  const inlineEdit = canEdit && !!source.updateColumn;
  const hasActions = !!onShow || (canEdit && !!onEdit) || canRemove;
  const colCount = visible.length + (hasActions ? 1 : 0);
  const headerRows = c.filterRowVisible ? 2 : 1;
  const loaded = c.loadedKey !== null;
  const empty = loaded && !c.loading && !c.error && c.rows.length === 0;
  useScrollBack(scrollRef, props.initialView?.top, loaded && !c.loading && c.rows.length >= c.total);

  const { rowKey } = entity;
  const idOf = useCallback((row: Row) => row[rowKey] as RowId, [rowKey]);
  const keyOf = useCallback((i: number) => String(c.rows[i]?.[rowKey] ?? i), [c.rows, rowKey]);
  const onNearEnd = useCallback(() => send({ type: 'NEAR_END' }), [send]);
  // Stable, so the memoized header is not drawn again when a page of rows arrives.
  const onSort = useCallback((field: string) => send({ type: 'SORT', field }), [send]);
  const onFilter = useCallback((key: string, value: string) => send({ type: 'FILTER', key, value }), [send]);

  const optionNames = useOptionNames(visible, entity.name, source.options);
  const enumText = useMemo(
    () => visible.map((col, i) => valueTextOf(col, entity.name, t, optionNames) ?? kindText(entity, col, kinds[i], i18n.language)),
    [visible, entity, t, optionNames, kinds, i18n.language],
  );
  const defaults = useMemo(
    () =>
      visible.map((col) => {
        const prop = entity.schema.properties?.[col.field];
        const choice = col.type === 'boolean' || Array.isArray(prop?.enum);
        return choice && !col.virtual && prop?.default !== undefined && prop.default !== null ? prop.default : undefined;
      }),
    [visible, entity],
  );
  // a row is named (its actions, its cells' edit buttons, the delete question) by its label, as a select offers it
  // (a reference among its fields by the name listed beside it); by its key only when that label is blank
  const label = useMemo(() => rowLabel(entity, i18n.language), [entity, i18n.language]);
  const nameOf = useCallback((row: Row) => label({ ...row, ...labelsOf(row) }) || String(idOf(row) ?? ''), [label, idOf]);
  const canShow = !!onShow;
  const canEditRow = canEdit && !!onEdit;
  const rowView = useMemo<RowView>(
    () => ({
      columns: visible,
      labels,
      editable: visible.map((col) => inlineEdit && !!col.editable),
      enumText,
      defaults,
      endAligned,
      firstRowIndex: 1 + headerRows,
      t,
      point: c.decimalPoint,
      nameOf,
      commit: (row, field, text) => send({ type: 'UPDATE_CELL', rowId: idOf(row), field, text }),
      cancel: () => send({ type: 'CANCEL_CELL' }),
      show: canShow ? (row) => latest.current.onShow?.(row, at(row)) : undefined,
      edit: canEditRow ? (row) => latest.current.onEdit?.(row, at(row)) : undefined,
      remove: canRemove ? setRemoving : undefined,
    }),
    [visible, labels, enumText, defaults, endAligned, t, c.decimalPoint, inlineEdit, headerRows, nameOf, send, idOf, canShow, canEditRow, canRemove, at],
  );
  const rowStyles = useRowStyles(sizes.row, sizes.phone);
  const { cellError } = c;
  // Only the row of a refused edit gets a new prop: the other memoized rows are not drawn again.
  const shownError = useMemo<ShownCellError | undefined>(() => {
    if (!cellError) return undefined;
    const column = entity.columns.find((col) => col.field === cellError.field);
    return { field: cellError.field, text: cellError.text, message: cellErrorMessage(cellError, column ? t(column.label) : cellError.field, t, (k) => i18n.exists(k)) };
  }, [cellError, entity.columns, t, i18n]);
  const renderRow = (i: number) => {
    const row = c.rows[i];
    return <DataRow key={keyOf(i)} row={row} index={i} view={rowView} error={cellError && idOf(row) === cellError.rowId ? shownError : undefined} />;
  };

  return (
    <Box minW="0">
      <Box ref={toolbarRef}>
        <Toolbar
          pattern={c.query.pattern}
          onSearch={(pattern) => send({ type: 'SEARCH', pattern })}
          filterRowVisible={c.filterRowVisible}
          onToggleFilters={entity.columns.some((col) => col.filter) ? () => send({ type: 'TOGGLE_FILTERS' }) : undefined}
          columns={choosableColumns(entity.columns, c.showableColumns)}
          visibleColumns={c.visibleColumns}
          onColumnsChange={onOrder}
          onMoveColumn={move}
          dirty={columnsDirty(c)}
          saving={snapshot.matches({ columns: 'saving' }) || snapshot.matches({ columns: 'resetting' })}
          onSaveColumns={() => send({ type: 'SAVE_COLUMNS' })}
          onResetColumns={columnsResettable(c) ? () => send({ type: 'RESET_COLUMNS' }) : undefined}
          onAdd={onAdd}
          onExport={source.exportRows ? (format) => source.exportRows!(requestQuery(c), format) : undefined}
          total={loaded ? c.total : null}
          estimated={c.totalEstimated}
          loading={c.loading}
        />
      </Box>
      {c.error && (
        <Text role="alert" color="fg.error" textStyle="sm" mb="2">
          {t(`dataTable.failed.${c.error.action}`)}
        </Text>
      )}
      <Box ref={scrollRef} h={`${sizes.height}px`} overflow="auto" borderWidth="1px" rounded="md" data-testid="data-table-scroll">
        <Table.Root
          size="sm"
          tableLayout="fixed"
          borderCollapse="separate"
          borderSpacing="0"
          minW={`${sizedWidth + (hasActions ? ACTIONS_COLUMN_WIDTH : 0)}px`}
          aria-label={props.label ?? entity.name}
          // -1: ARIA's "count unknown", for an estimated total
          aria-rowcount={loaded && c.totalEstimated ? -1 : (loaded ? c.total : c.rows.length) + headerRows}
          aria-busy={c.loading}
        >
          <Table.ColumnGroup>
            {visible.map((col, i) => {
              const width = widthOf(i);
              // inline: a drag changes it every frame, and a style prop would make a new class each time
              return <Table.Column key={col.name} style={width ? { width: `${width}px` } : undefined} />;
            })}
            {hasActions && <Table.Column width={`${ACTIONS_COLUMN_WIDTH}px`} />}
          </Table.ColumnGroup>
          <TableHead
            entity={entity.name}
            options={source.options}
            columns={visible}
            endAligned={endAligned}
            query={c.query}
            onSort={onSort}
            filterRowVisible={c.filterRowVisible}
            onFilter={onFilter}
            decimalPoint={c.decimalPoint}
            hasActions={hasActions}
            resize={resize}
            onDropColumn={moveTo}
            titleHeight={sizes.title}
            filterHeight={sizes.head - sizes.title}
          />
          {empty ? (
            <Table.Body>
              <Table.Row>
                <Table.Cell colSpan={colCount} textAlign="center" color="fg.muted" py="6">
                  {t('dataTable.empty')}
                </Table.Cell>
              </Table.Row>
            </Table.Body>
          ) : (
            <VirtualBody
              scrollRef={scrollRef}
              count={c.rows.length}
              rowHeight={sizes.row}
              headHeight={sizes.head}
              viewHeight={sizes.height}
              threshold={sizes.visible}
              total={c.total}
              colSpan={colCount}
              onNearEnd={onNearEnd}
              renderRow={renderRow}
              css={rowStyles}
            />
          )}
        </Table.Root>
      </Box>
      <ConfirmRemove
        rowName={removing ? nameOf(removing) : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) send({ type: 'REMOVE', rowId: idOf(removing) });
          setRemoving(null);
        }}
      />
    </Box>
  );
}
