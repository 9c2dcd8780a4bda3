/** The sticky header: one row of column titles (sortable ones are buttons with aria-sort) and the optional filter row. */
import { memo } from 'react';
import { chakra, Input, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import type { TableQuery } from '../../machines/dataTable';
import { SortDownIcon, SortUpIcon } from './icons';
import { PickFilter } from './PickFilter';
import type { OptionsSource } from './types';

export interface TableHeadProps {
  /** Entity name (enum texts are `entities.<entity>.enums.<field>.<value>`). */
  entity: string;
  columns: readonly ResolvedColumn[];
  /** Options of reference columns' filters. */
  options?: OptionsSource;
  query: TableQuery;
  onSort: (field: string) => void;
  filterRowVisible: boolean;
  onFilter: (key: string, value: string) => void;
  hasActions: boolean;
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
  options,
  query,
  onSort,
  filterRowVisible,
  onFilter,
  hasActions,
  titleHeight,
  filterHeight,
}: TableHeadProps) {
  const { t } = useTranslation();
  return (
    <Table.Header position="sticky" top="0" zIndex="1">
      <Table.Row aria-rowindex={1} height={`${titleHeight}px`} bg="transparent">
        {columns.map((c) => {
          const sort = ariaSort(c, query);
          return (
            <Table.ColumnHeader key={c.name} aria-sort={sort} py="0" bg="bg.muted" whiteSpace="nowrap" overflow="hidden" textOverflow="ellipsis" title={t(c.label)}>
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
            </Table.ColumnHeader>
          );
        })}
        {hasActions && (
          <Table.ColumnHeader py="0" bg="bg.muted" textAlign="center">
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
                <Input
                  size="2xs"
                  h={`${filterHeight - 4}px`}
                  minH="0"
                  bg="bg"
                  value={query.filters[c.filter] ?? ''}
                  aria-label={t('dataTable.filterColumn', { column: t(c.label) })}
                  onChange={(e) => onFilter(c.filter!, e.target.value)}
                />
              )}
            </Table.Cell>
          ))}
          {hasActions && <Table.Cell bg="bg.muted" borderBottomWidth="1px" />}
        </Table.Row>
      )}
    </Table.Header>
  );
});
