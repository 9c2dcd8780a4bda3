/**
 * A record's body items as an editable grid (issue 11): article picked by code or name, number cells typed
 * as the user's language writes them, each line's subtotal / tax / total as priced by the engine, one row per
 * item. The keyboard model and rows live in machines/itemsGrid.ts: this view draws them, sends what the user
 * does, and moves focus where the machine says. On a phone each item is a card (STACKED): its number and remove
 * button, the article across, then its cells two by two, each under its name; the same elements and keys.
 */
import { Fragment, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Input, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isBlank, NUMBER_CELLS, type DraftItem, type DraftPricing, type ItemCell, type NumberCell } from '../engine/records/draft';
import { messageFor } from '../engine/validation/messages';
import type { ActiveCell, GridKey, ItemsGridEvent } from '../machines/itemsGrid';
import { Combobox } from './Combobox';
import { CloseIcon } from './icons';
import { KeysHint } from './KeysHint';
import { formatMoney, formatNumber } from './money';
import type { SliceSource } from './SchemaForm/useSelectOptions';

export interface ItemsGridProps {
  rows: DraftItem[];
  lines: DraftPricing['lines'];
  active: ActiveCell | null;
  focusSeq: number;
  send: (event: ItemsGridEvent) => void;
  /** Options of the article cell (searching code and name). */
  articleSource: SliceSource;
  articleListKey: string;
  readOnly?: boolean;
  /** Length, width and height cells (made-to-measure articles). */
  showDimensions?: boolean;
  /** Messages per cell, keyed `<row index>.<cell>`. */
  errors?: Readonly<Record<string, string>>;
  /** Accessible name of the grid. */
  label: string;
  /** Column headers (the entity's item labels). */
  labels: Readonly<Record<ItemCell | 'subtotal' | 'impuesto' | 'total', string>>;
  /** A line under an item's row for what it needs besides its cells (a location, a cheque), or null. */
  details?: (row: DraftItem, index: number) => ReactNode;
}

const cellId = (row: DraftItem, cell: ItemCell) => `item-${row.key}-${cell}`;
const errorId = (row: DraftItem, cell: ItemCell) => `${cellId(row, cell)}-error`;

const KEYS: Record<string, GridKey | undefined> = { Enter: 'Enter', ArrowDown: 'ArrowDown', ArrowUp: 'ArrowUp' };

/**
 * Below Chakra's `md` (a phone), the grid's rows are cards: a table of nine columns only scrolled sideways there,
 * with the quantity off screen. Explicit roles keep it a table for assistive technology once it is not laid out as one.
 */
const STACKED = {
  '@media screen and (max-width: 47.99em)': {
    minWidth: '0',
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr[data-item]': { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: '3', rowGap: '2', padding: '3', borderTopWidth: '1px' },
    '& tr[data-item]:first-of-type': { borderTopWidth: '0' },
    '& td': { padding: '0', borderBottomWidth: '0' },
    '& td[data-label]::before': { content: 'attr(data-label)', display: 'block', fontSize: 'xs', color: 'fg.muted', textAlign: 'start', marginBottom: '1' },
    '& td[data-part=number]': { gridColumn: '1', gridRow: '1', paddingTop: '0', fontWeight: 'medium' },
    '& td[data-part=remove]': { gridColumn: '2', gridRow: '1', justifySelf: 'end' },
    '& td[data-part=article]': { gridColumn: '1 / -1' },
    '& td[data-part=money]': { paddingTop: '0', textAlign: 'start' },
    '& td[data-label] > p': { textAlign: 'start', paddingTop: '0' },
    '& tr[data-details]': { paddingInline: '3', paddingBottom: '3' },
    '& tr[data-details] > td:first-of-type': { display: 'none' },
  },
} as const;

/** A number cell in view mode as the app writes numbers (18.000, not the 18000 it was loaded as). */
const shownCell = (text: string, n: number | null | undefined, lang: string) => (typeof n === 'number' ? formatNumber(n, lang) : text);

export function ItemsGrid(props: ItemsGridProps) {
  const { rows, lines, active, focusSeq, send, readOnly, showDimensions, errors = {}, label, labels } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const tableRef = useRef<HTMLTableElement>(null);
  const cells = NUMBER_CELLS.filter((c) => showDimensions || !['largo', 'ancho', 'alto'].includes(c));
  const header = (c: keyof typeof labels) => labels[c];
  const detailLine = (row: DraftItem, i: number) => {
    const node = props.details?.(row, i);
    if (!node) return null;
    return (
      <Table.Row role="row" data-details="">
        <Table.Cell role="cell" />
        <Table.Cell role="cell" colSpan={cells.length + (readOnly ? 4 : 5)} pt="0">
          {node}
        </Table.Cell>
      </Table.Row>
    );
  };

  // focus goes where the machine asks (a new row, the row below, the quantity after an article)
  useEffect(() => {
    if (!focusSeq || !active || readOnly) return;
    const row = rows[active.row];
    if (row) (tableRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(cellId(row, active.cell))}`))?.focus();
    // only a new request moves focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusSeq]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.defaultPrevented || readOnly) return;
    const key = (e.ctrlKey || e.metaKey) && (e.key === 'Delete' || e.key === 'Backspace') ? 'Delete' : e.ctrlKey || e.metaKey || e.altKey ? undefined : KEYS[e.key];
    if (!key) return;
    e.preventDefault();
    send({ type: 'KEY', key });
  };

  return (
    <Box>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root ref={tableRef} size="sm" aria-label={label} role="table" minW={showDimensions ? '68rem' : '52rem'} css={STACKED}>
          <Table.Header role="rowgroup">
            <Table.Row role="row">
              <Table.ColumnHeader role="columnheader" w="3rem">#</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader" minW="14rem">{header('article')}</Table.ColumnHeader>
              {cells.map((c) => (
                <Table.ColumnHeader role="columnheader" key={c} textAlign="end" minW="5.5rem">
                  {header(c)}
                </Table.ColumnHeader>
              ))}
              {(['subtotal', 'impuesto', 'total'] as const).map((c) => (
                <Table.ColumnHeader role="columnheader" key={c} textAlign="end" minW="6.5rem">
                  {header(c)}
                </Table.ColumnHeader>
              ))}
              {!readOnly && (
                <Table.ColumnHeader role="columnheader" w="3rem">
                  {t('widgets.itemsGrid.actions')}
                </Table.ColumnHeader>
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body role="rowgroup">
            {rows.map((row, i) => {
              const line = lines[i];
              const n = i + 1;
              const started = !isBlank(row);
              const priceProblem = started && row.article !== null && line && !line.pending && line.problem && row.cells.precio_unitario.trim() === '' ? line.problem : undefined;
              // a number cell holding a wrong number (text, a negative quantity) says so once the user leaves it (not
              // while a "-" is typed): its line is left out of the totals
              const wrong = (cell: ItemCell) => {
                const e = cell !== 'article' && !(active?.row === i && active.cell === cell) ? line?.wrong[cell] : undefined;
                const m = e && messageFor([e], header(cell));
                return m ? t(m.key, m.params) : undefined;
              };
              const message = (cell: ItemCell) =>
                errors[`${i}.${cell}`] ??
                wrong(cell) ??
                (cell === 'precio_unitario' && priceProblem ? t(priceProblem.code === 'required' ? 'validation.required' : `errors.${priceProblem.code}`, { label: header(cell) }) : undefined);
              // exact decimal texts: a huge amount shows its own digits, not a float's; a line left out of the totals shows none
              const money = (v: string | undefined) => (!started ? '' : line?.pending ? '…' : line && !line.counted ? '—' : formatMoney(v, lang));
              return (
                <Fragment key={row.key}>
                  <Table.Row role="row" data-item="" onKeyDown={onKeyDown} verticalAlign="top">
                    <Table.Cell role="cell" data-part="number" color="fg.muted" pt="3">
                      {n}
                    </Table.Cell>
                    <Table.Cell role="cell" data-part="article">
                      <Combobox
                        id={cellId(row, 'article')}
                        value={row.article}
                        onChange={(id) => send({ type: 'PICK_ARTICLE', index: i, article: id === null ? null : Number(id) })}
                        source={props.articleSource}
                        listKey={props.articleListKey}
                        ariaLabel={t('widgets.itemsGrid.cell', { column: header('article'), n })}
                        placeholder={t('widgets.itemsGrid.articlePlaceholder')}
                        readOnly={readOnly}
                        size="sm"
                        inputProps={{ 'aria-invalid': message('article') ? true : undefined, 'aria-describedby': message('article') ? errorId(row, 'article') : undefined }}
                        onFocus={() => send({ type: 'FOCUS', index: i, cell: 'article' })}
                      />
                      <CellMessage id={errorId(row, 'article')} text={message('article')} />
                    </Table.Cell>
                    {cells.map((c) => (
                      <Table.Cell role="cell" key={c} data-label={header(c)}>
                        {readOnly ? (
                          <Text textAlign="end" pt="1.5" fontVariantNumeric="tabular-nums">
                            {shownCell(row.cells[c], line?.numbers[c], lang)}
                          </Text>
                        ) : (
                          <Input
                            id={cellId(row, c)}
                            size="sm"
                            textAlign="end"
                            inputMode="decimal"
                            autoComplete="off"
                            value={row.cells[c]}
                            placeholder={c === 'precio_unitario' && line?.fromList && started ? formatNumber(line.precio_unitario, lang) : c === 'alicuota' && started && line ? formatNumber(line.alicuota, lang) : undefined}
                            aria-label={t('widgets.itemsGrid.cell', { column: header(c), n })}
                            aria-invalid={message(c) ? true : undefined}
                            aria-describedby={message(c) ? errorId(row, c) : undefined}
                            onChange={(e) => send({ type: 'TYPE', index: i, cell: c as NumberCell, text: e.target.value })}
                            onFocus={() => send({ type: 'FOCUS', index: i, cell: c })}
                          />
                        )}
                        <CellMessage id={errorId(row, c)} text={message(c)} />
                      </Table.Cell>
                    ))}
                    <Table.Cell role="cell" data-part="money" data-label={header('subtotal')} textAlign="end" pt="3" fontVariantNumeric="tabular-nums">
                      {money(line?.exact.subtotal)}
                    </Table.Cell>
                    <Table.Cell role="cell" data-part="money" data-label={header('impuesto')} textAlign="end" pt="3" fontVariantNumeric="tabular-nums">
                      {money(line?.exact.impuesto)}
                    </Table.Cell>
                    <Table.Cell role="cell" data-part="money" data-label={header('total')} textAlign="end" pt="3" fontVariantNumeric="tabular-nums" fontWeight="medium" data-testid={`item-total-${n}`}>
                      {money(line?.exact.total)}
                    </Table.Cell>
                    {!readOnly && (
                      <Table.Cell role="cell" data-part="remove">
                        <IconButton size="xs" variant="ghost" aria-label={t('widgets.itemsGrid.remove', { n })} onClick={() => send({ type: 'REMOVE_ROW', index: i })}>
                          <CloseIcon />
                        </IconButton>
                      </Table.Cell>
                    )}
                  </Table.Row>
                  {detailLine(row, i)}
                </Fragment>
              );
            })}
            {rows.length === 0 && (
              <Table.Row role="row">
                <Table.Cell role="cell" colSpan={cells.length + 6} textAlign="center" color="fg.muted" py="4">
                  {t('widgets.itemsGrid.empty')}
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      {!readOnly && (
        <HStack mt="2" gap="3" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => send({ type: 'ADD_ROW' })}>
            {t('widgets.itemsGrid.add')}
          </Button>
          <KeysHint>{t('widgets.itemsGrid.keys')}</KeysHint>
        </HStack>
      )}
    </Box>
  );
}

function CellMessage({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <Text id={id} color="fg.error" textStyle="xs" mt="1" role="alert">
      {text}
    </Text>
  );
}
