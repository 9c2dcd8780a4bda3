/**
 * The line under an item of the record form for what it needs besides its cells (engine/records/itemDetails.ts):
 * the location its stock moves at, a received cheque's bank, collection date, number and drawer, or the cheque
 * or made-to-measure piece of the wallet it names. Values go into the item (machines/itemsGrid SET_DETAIL) and
 * are sent with it; the server's errors on them show here. In view mode they are text, like the header's fields.
 * A collection day typed that is none (31/02/2026) goes into the item as typed and is named here once left; the
 * record is not saved with it (useRecord checks the items' dates), where it used to go without its day.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { dayText, isWrongDay } from '../../engine/dates';
import { DayInput } from '../../widgets/DayInput';
import type { DraftItem } from '../../engine/records/draft';
import { CHEQUE_FIELDS, type ItemDetails } from '../../engine/records/itemDetails';
import type { ItemsGridEvent } from '../../machines/itemsGrid';
import { FormField } from '../../widgets/FormField';
import { entityCalls } from '../app/entityData';

interface WalletOption {
  id: number;
  text: string;
}

/** The wallet entries of an article still there to take (cheques in the wallet, pieces available). */
function useWallet(kind: 'cheque' | 'a_medida' | null, articulo: number | null) {
  const [options, setOptions] = useState<WalletOption[]>([]);
  useEffect(() => {
    if (!kind || articulo === null) return setOptions([]);
    let live = true;
    const estado = kind === 'cheque' ? 'en_cartera' : 'disponible';
    entityCalls.index<Record<string, unknown> & { id: number }>(kind, { offset: 0, max: 200, sortOrder: 'asc', filters: { articulo, estado } }).then(
      (reply) =>
        live &&
        setOptions(
          reply.rows.map((r) => ({
            id: r.id,
            // a cheque by its number, bank and collection day as the app writes days
            text: (kind === 'cheque' ? [r.identificador, r.banco, typeof r.fecha_cobro === 'string' ? (dayText(r.fecha_cobro) ?? r.fecha_cobro) : r.fecha_cobro] : [r.descripcion, [r.largo, r.ancho, r.alto].filter((v) => v != null).join(' × ')])
              .filter((v) => v !== undefined && v !== null && v !== '')
              .join(' · '),
          })),
        ),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [kind, articulo]);
  return options;
}

export interface ItemDetailsLineProps {
  row: DraftItem;
  index: number;
  details: ItemDetails;
  send: (event: ItemsGridEvent) => void;
  readOnly: boolean;
  /** Messages per item field, keyed by field. */
  errors: Readonly<Record<string, string | undefined>>;
}

export function ItemDetailsLine({ row, index, details, send, readOnly, errors }: ItemDetailsLineProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const label = (field: string) => t('execution.itemDetail.of', { field: t(`entities.registro.items.items.${field}`), n });
  const set = (field: string, value: unknown) => send({ type: 'SET_DETAIL', index, field, value });
  const text = (field: string) => (typeof row.rest[field] === 'string' ? (row.rest[field] as string) : '');
  const walletKind = details.chequePick ? 'cheque' : details.piecePick ? 'a_medida' : null;
  const wallet = useWallet(walletKind, row.article);
  const idBase = useId();
  // the collection day's text was named wrong (left, or typed in full) before any save said so
  const [named, setNamed] = useState(false);

  // view mode: the label over the value as text, as the header's fields show (never an input)
  const shown = (field: string, value: string) => (
    <Box key={field} role="group" aria-labelledby={`${idBase}-${field}`}>
      <Text id={`${idBase}-${field}`} fontSize="sm" fontWeight="medium" color="fg.muted">
        {label(field)}
      </Text>
      <Text data-readonly-value="" color={value ? undefined : 'fg.muted'}>
        {value || '—'}
      </Text>
    </Box>
  );

  const select = (field: string, value: string, options: { value: string; text: string }[], locked = false, placeholder?: string) => {
    if (readOnly) return shown(field, options.find((o) => o.value === value)?.text ?? value);
    // disabled goes on the field: inside one, Chakra's select takes it from there and ignores its own
    return (
      <FormField label={label(field)} error={errors[field]} disabled={locked}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={value} onChange={(e) => set(field, field === 'ubicacion' ? e.currentTarget.value : e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    );
  };

  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="2" py="1" role="group" aria-label={t('execution.itemDetail.group', { n })}>
      {details.locations.length > 0 &&
        select(
          'ubicacion',
          text('ubicacion') || details.locations[0],
          details.locations.map((l) => ({ value: l, text: l })),
          details.locationLocked,
        )}
      {details.chequeEntry &&
        CHEQUE_FIELDS.map((f) =>
          readOnly ? (
            shown(f, f === 'fecha_cobro' ? (dayText(text(f)) ?? text(f)) : text(f))
          ) : (
            <FormField key={f} label={label(f)} error={errors[f] ?? (f === 'fecha_cobro' && named && isWrongDay(text(f)) ? t('validation.date') : undefined)} required={f !== 'librador'}>
              {f === 'fecha_cobro' ? (
                <DayInput
                  value={text(f)}
                  onChange={(value, wrong) => {
                    set(f, value);
                    setNamed(wrong);
                  }}
                />
              ) : (
                <Input size="sm" value={text(f)} onChange={(e) => set(f, e.target.value)} />
              )}
            </FormField>
          ),
        )}
      {walletKind &&
        select(
          walletKind,
          typeof row.rest[walletKind] === 'number' ? String(row.rest[walletKind]) : '',
          wallet.map((w) => ({ value: String(w.id), text: w.text })),
          false,
          t(walletKind === 'cheque' ? 'execution.itemDetail.pickCheque' : 'execution.itemDetail.pickPiece'),
        )}
    </SimpleGrid>
  );
}
