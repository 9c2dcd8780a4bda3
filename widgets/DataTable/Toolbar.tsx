/**
 * Above the table: search, filter-row toggle, column choice, save-columns (only while dirty), add, count and loading.
 * On a phone the buttons show their icons only (their names stay for assistive technology), so the toolbar keeps
 * to one line and the table its height (spec §9).
 */
import { Box, Button, HStack, IconButton, Input, InputGroup, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { ColumnChooser } from './ColumnChooser';
import { ExportMenu } from './ExportMenu';
import type { ExportFormat } from './types';
import { FilterIcon, PlusIcon, SearchIcon } from './icons';

export interface ToolbarProps {
  pattern: string;
  onSearch: (pattern: string) => void;
  filterRowVisible: boolean;
  /** Absent when no column has a filter. */
  onToggleFilters?: () => void;
  columns: readonly ResolvedColumn[];
  visibleColumns: readonly string[];
  onColumnsChange: (names: string[]) => void;
  /** Move a shown column one place: -1 left, +1 right. */
  onMoveColumn?: (name: string, by: -1 | 1) => void;
  dirty: boolean;
  saving: boolean;
  onSaveColumns: () => void;
  /** Absent when the defaults are already shown and the user saved no choice of their own. */
  onResetColumns?: () => void;
  onAdd?: () => void;
  /** Absent when the list cannot be exported. */
  onExport?: (format: ExportFormat) => Promise<void>;
  /** Rows matching the query; null before the first reply. */
  total: number | null;
  /** `total` is the server's estimate (a large list): shown rounded, as approximate. */
  estimated?: boolean;
  loading: boolean;
}

/** Two significant digits: an estimate's other digits are noise (31,734 → 32,000). */
const roughly = (n: number) => Number(n.toPrecision(2));

export function Toolbar(p: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" wrap="wrap" py="2">
      <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} flex={{ base: '1 1 6rem', sm: '1 1 12rem' }} maxW="sm">
        <Input
          size="sm"
          type="search"
          value={p.pattern}
          placeholder={t('dataTable.search')}
          aria-label={t('dataTable.search')}
          onChange={(e) => p.onSearch(e.target.value)}
        />
      </InputGroup>
      {p.onToggleFilters && (
        <IconButton
          size="sm"
          variant={p.filterRowVisible ? 'subtle' : 'outline'}
          aria-label={t('dataTable.filters')}
          aria-pressed={p.filterRowVisible}
          onClick={p.onToggleFilters}
        >
          <FilterIcon />
        </IconButton>
      )}
      <ColumnChooser columns={p.columns} visible={p.visibleColumns} onChange={p.onColumnsChange} onMove={p.onMoveColumn} onReset={p.onResetColumns} />
      {p.dirty && (
        <Button size="sm" colorPalette="brand" variant="subtle" loading={p.saving} onClick={p.onSaveColumns}>
          {t('dataTable.saveColumns')}
        </Button>
      )}
      {p.onExport && <ExportMenu onExport={p.onExport} />}
      <Box flex="1" />
      <Box role="status" aria-live="polite" display="flex" alignItems="center" gap="2">
        {p.loading && (
          <>
            <Spinner size="sm" color="brand.solid" aria-hidden />
            <VisuallyHidden>{t('dataTable.loading')}</VisuallyHidden>
          </>
        )}
        {p.total !== null && (
          <Text textStyle="sm" color="fg.muted">
            {p.estimated ? t('dataTable.totalEstimated', { count: roughly(p.total) }) : t('dataTable.total', { count: p.total })}
          </Text>
        )}
      </Box>
      {p.onAdd && (
        <Button size="sm" colorPalette="brand" px={{ base: '0', sm: '3' }} onClick={p.onAdd} aria-keyshortcuts="+" aria-label={t('dataTable.add')}>
          <PlusIcon />
          <Box as="span" hideBelow="sm">{t('dataTable.add')}</Box>
        </Button>
      )}
    </HStack>
  );
}
