/** The sticky header: one row of column titles (sortable ones are buttons with aria-sort) and the optional filter row. */
import { memo, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { chakra, Input, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { numberFilterError, type TableQuery } from '../../machines/dataTable';
import type { DecimalPoint } from '../../engine/records/decimal';
import { isNumberColumn } from '../../engine/list/typedNumber';
import { effectiveText, FILTER_MIN_LENGTH } from '../../engine/list/query';
import { SortDownIcon, SortUpIcon } from './icons';
import type { ColumnResize } from './useColumnModel';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../../engine/list/preferences';
import { PickFilter } from './PickFilter';
import { FLOATING_ERROR, FLOATING_HINT, STICKY_END } from './rowStyles';

/** The actions' header cells stay at the row's end too, on the header's colour. */
const HEAD_END = { ...STICKY_END, bg: 'bg.muted' } as const;
import type { OptionsSource } from './types';

export interface TableHeadProps {
  /** Entity name (enum texts are `entities.<entity>.enums.<field>.<value>`). */
  entity: string;
  columns: readonly ResolvedColumn[];
  /** Per column: its title at the right, over right-aligned numbers (./columnKind.ts). */
  endAligned?: readonly boolean[];
  /** Options of reference columns' filters. */
  options?: OptionsSource;
  query: TableQuery;
  onSort: (field: string) => void;
  filterRowVisible: boolean;
  onFilter: (key: string, value: string) => void;
  /** How the user writes a number's decimals: a number filter reads with it. */
  decimalPoint: DecimalPoint;
  hasActions: boolean;
  /** The columns' dragged widths and the handlers of their edges (useColumnModel). */
  resize?: ColumnResize;
  /**
   * A title dragged (mouse) onto another: the column takes that place. The keyboard's way is the column chooser's
   * up / down buttons.
   */
  onDropColumn?: (name: string, over: string) => void;
  /** Height of the title row and of the filter row. */
  titleHeight: number;
  filterHeight: number;
}

const ariaSort = (c: ResolvedColumn, q: TableQuery) =>
  !c.sortable ? undefined : q.sort !== c.field ? 'none' : q.sortOrder === 'asc' ? 'ascending' : 'descending';

/** Memoized: its props stay the same while rows load and scroll. */
export const TableHead = memo(function TableHead({
  entity,
  columns,
  endAligned,
  options,
  query,
  onSort,
  filterRowVisible,
  onFilter,
  decimalPoint,
  hasActions,
  resize,
  onDropColumn,
  titleHeight,
  filterHeight,
}: TableHeadProps) {
  const { t } = useTranslation();
  return (
    <Table.Header position="sticky" top="0" zIndex="1">
      <Table.Row aria-rowindex={1} height={`${titleHeight}px`} bg="transparent">
        {columns.map((c, i) => {
          const sort = ariaSort(c, query);
          return (
            <Table.ColumnHeader
              key={c.name}
              aria-sort={sort}
              textAlign={endAligned?.[i] ? 'end' : undefined}
              py="0"
              bg="bg.muted"
              whiteSpace="nowrap"
              overflow="hidden"
              textOverflow="ellipsis"
              title={t(c.label)}
              // the title names the column, not its resize edge
              aria-label={t(c.label)}
              position="relative"
              {...(onDropColumn && dragProps(c.name, onDropColumn))}
            >
              {c.sortable ? (
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  gap="1"
                  maxW="full"
                  fontWeight="inherit"
                  cursor="pointer"
                  rounded="sm"
                  focusVisibleRing="outside"
                  onClick={() => onSort(c.field)}
                >
                  <chakra.span overflow="hidden" textOverflow="ellipsis">
                    {t(c.label)}
                  </chakra.span>
                  {sort === 'ascending' ? <SortUpIcon boxSize="3.5" /> : sort === 'descending' ? <SortDownIcon boxSize="3.5" /> : null}
                </chakra.button>
              ) : (
                t(c.label)
              )}
              {resize && <ResizeEdge name={c.name} label={t('dataTable.resizeColumn', { column: t(c.label) })} resize={resize} />}
            </Table.ColumnHeader>
          );
        })}
        {hasActions && (
          <Table.ColumnHeader py="0" textAlign="center" css={HEAD_END}>
            {t('dataTable.actions')}
          </Table.ColumnHeader>
        )}
      </Table.Row>
      {filterRowVisible && (
        <Table.Row aria-rowindex={2} height={`${filterHeight}px`} bg="transparent">
          {columns.map((c) => (
            <Table.Cell key={c.name} py="0" px="1" bg="bg.muted" borderBottomWidth="1px">
              {c.filter && c.pick && (
                <PickFilter
                  entity={entity}
                  column={{ ...c, pick: c.pick }}
                  value={query.filters[c.filter] ?? ''}
                  onChange={(value) => onFilter(c.filter!, value)}
                  options={options}
                  label={t(c.label)}
                  height={filterHeight - 4}
                  t={t}
                />
              )}
              {c.filter && !c.pick && (
                <NumberAwareFilter column={c} value={query.filters[c.filter] ?? ''} onFilter={onFilter} point={decimalPoint} height={filterHeight - 4} label={t(c.label)} />
              )}
            </Table.Cell>
          ))}
          {hasActions && <Table.Cell css={HEAD_END} borderBottomWidth="1px" />}
        </Table.Row>
      )}
    </Table.Header>
  );
});

/** Dragged columns carry their name under this type, so other drags (a file, text) are not dropped as columns. */
const COLUMN_TYPE = 'application/x-flujos-column';

/** A title that can be dragged onto another (HTML drag and drop; the resize edge's mousedown keeps its own drag). */
function dragProps(name: string, onDrop: (name: string, over: string) => void) {
  const ours = (e: DragEvent) => e.dataTransfer.types.includes(COLUMN_TYPE);
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData(COLUMN_TYPE, name);
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e: DragEvent) => {
      if (!ours(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    },
    onDrop: (e: DragEvent) => {
      if (!ours(e)) return;
      e.preventDefault();
      onDrop(e.dataTransfer.getData(COLUMN_TYPE), name);
    },
  };
}

/**
 * The right edge of a column title: drag it (mouse or touch) to size the column, double-click it to give the
 * column back its share; as a focusable separator, the arrow keys size it and Home resets it.
 */
function ResizeEdge({ name, label, resize }: { name: string; label: string; resize: ColumnResize }) {
  const th = (el: HTMLElement) => el.parentElement as HTMLElement;
  const width = resize.sizing[name];
  const active = resize.resizing === name;
  const shown = useShownWidth();
  return (
    <chakra.div
      ref={shown.ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      // a column nobody dragged is as wide as its start width or its share: the edge tells what is on screen
      aria-valuenow={Math.round(width ?? shown.width ?? MIN_COLUMN_WIDTH)}
      aria-keyshortcuts="ArrowLeft ArrowRight Home"
      title={label}
      tabIndex={0}
      data-column={name}
      position="absolute"
      top="0"
      insetEnd="0"
      h="full"
      w="1.5"
      cursor="col-resize"
      touchAction="none"
      bg={active ? 'colorPalette.solid' : undefined}
      colorPalette="brand"
      _hover={{ bg: 'border.emphasized' }}
      focusVisibleRing="inside"
      onMouseDown={(e) => resize.start(name, th(e.currentTarget), e)}
      onTouchStart={(e) => resize.start(name, th(e.currentTarget), e)}
      onKeyDown={(e) => resize.key(name, th(e.currentTarget), e)}
      onDoubleClick={() => resize.reset(name)}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/**
 * A typed filter; a number column's says when what is typed is not a number (nothing is sent then), in the words a
 * refused cell edit uses; a text filter shorter than it filters (spec §5: 2 characters) says how many it needs.
 */
function NumberAwareFilter({ column, value, onFilter, point, height, label }: { column: ResolvedColumn; value: string; onFilter: (key: string, value: string) => void; point: DecimalPoint; height: number; label: string }) {
  const { t } = useTranslation();
  const errorId = useId();
  const error = numberFilterError(column, value, point);
  const number = isNumberColumn(column);
  // shown under the filter, as a refused cell edit's (a tooltip alone never shows on a phone)
  const message = error && (error.code === 'decimalSeparators' ? t('validation.decimalSeparators') : t(`dataTable.badCell.${column.type}`));
  const short = !number && !column.pick && value.trim() !== '' && effectiveText(value) === null;
  const hint = message || (short ? t('dataTable.filterTooShort', { count: FILTER_MIN_LENGTH }) : null);
  return (
    <chakra.div position="relative">
      <Input
        size="2xs"
        h={`${height}px`}
        minH="0"
        bg="bg"
        value={value}
        inputMode={number ? (column.type === 'integer' ? 'numeric' : 'decimal') : undefined}
        aria-label={t('dataTable.filterColumn', { column: label })}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? errorId : undefined}
        onChange={(e) => onFilter(column.filter!, e.target.value)}
      />
      {hint && (
        // a filter too short to filter yet is no error: said, not alerted
        <chakra.span id={errorId} role={message ? 'alert' : 'status'} css={message ? FLOATING_ERROR : FLOATING_HINT} fontWeight="normal">
          {hint}
        </chakra.span>
      )}
    </chakra.div>
  );
}

/** The width its title cell takes on screen (the edge's parent), kept as the table lays out again; undefined before. */
function useShownWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const cell = ref.current?.parentElement;
    if (!cell || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(cell.getBoundingClientRect().width);
      // a layout without sizes (a test's document) measures nothing
      setWidth(w > 0 ? w : undefined);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(cell);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
