/**
 * A record made from this one (spec §7 registro/fromParent; issue 11 "partial deliveries"): the related child
 * activity to make it in, and per item of this record its quantity, what child records already took
 * (`entregado`), what remains (`restante`) and how much the new record takes (what remains, by default; 0
 * leaves the item out). The server refuses more than remains (CANTIDAD_SUPERA_PADRE, shown on its row); the new
 * record opens once made.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { ApiError } from '../../engine/api/client';
import type { StoredRecord } from '../../engine/api/entityApi';
import { decimalPoint, decimalText, parseDecimal } from '../../engine/records/decimal';
import { FormField } from '../../widgets/FormField';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { formatNumber } from '../../widgets/money';
import { reportFailure } from '../app/feedback';
import { recordCalls } from './calls';

export interface ParentItem {
  id: number;
  articulo: number;
  cantidad: number;
  entregado?: number;
  restante?: number;
}

/** What remains of a parent item (all of it while no child took any). */
export const remainsOf = (i: ParentItem) => i.restante ?? i.cantidad;

export interface FromParentDialogProps {
  parent: StoredRecord;
  /** The related child activities of the parent's activity. */
  activities: number[];
  articleName: (id: number) => string;
  onMade: (child: StoredRecord) => void;
  onClose: () => void;
}

export function FromParentDialog({ parent, activities, articleName, onMade, onClose }: FromParentDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const items = useMemo(() => ((parent.items ?? []) as unknown as ParentItem[]).filter((i) => typeof i.id === 'number'), [parent]);
  const [titles, setTitles] = useState<Map<number, string>>(new Map());
  const [actividad, setActividad] = useState<number>(activities[0]);
  const [amounts, setAmounts] = useState<string[]>(() => items.map((i) => decimalText(remainsOf(i), decimalPoint(lang))));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all(activities.map((id) => recordCalls.activity(id).then((a) => [id, String(a.titulo ?? id)] as const, () => [id, String(id)] as const))).then((pairs) => live && setTitles(new Map(pairs)));
    return () => {
      live = false;
    };
  }, [activities]);

  const parsed = amounts.map((a) => parseDecimal(a, decimalPoint(lang)));
  const chosen = items.flatMap((item, i) => (typeof parsed[i] === 'number' && parsed[i]! > 0 ? [{ row: i, parentItem: item.id, cantidad: parsed[i]! }] : []));
  const invalid = parsed.some((p) => p === undefined || (typeof p === 'number' && p < 0));
  /** Why a row's amount is no amount to take, said under it (the button waits for it): no number, or below 0. */
  const amountError = (i: number) =>
    errors[i] || (parsed[i] === undefined ? t('validation.typeNumber') : typeof parsed[i] === 'number' && parsed[i]! < 0 ? t('validation.minValue', { min: 0 }) : null);
  const waiting = invalid ? t('execution.fromParent.fixAmounts') : !chosen.length ? t('execution.fromParent.noneChosen') : null;

  const make = async () => {
    setBusy(true);
    setErrors({});
    try {
      const child = await recordCalls.fromParent(parent.id, { actividad, items: chosen.map(({ parentItem, cantidad }) => ({ parentItem, cantidad })) });
      onMade(child);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const rows: Record<number, string> = {};
      for (const f of e.fieldErrors) {
        const m = /^items\.(\d+)\./.exec(f.field);
        const at = m ? chosen[Number(m[1])]?.row : undefined;
        if (at !== undefined) rows[at] = i18n.exists(`errors.${f.code}`) ? t(`errors.${f.code}`, f.params) : f.code;
      }
      setErrors(rows);
      if (!Object.keys(rows).length) reportFailure(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      width={760}
      title={t('execution.fromParent.title', { numero: parent.numero ?? '' })}
      footer={
        <DialogButtons
          secondary={{ label: t('execution.inline.cancel'), onClick: onClose }}
          primary={{ label: t('execution.fromParent.make'), onClick: () => void make(), loading: busy, disabled: !chosen.length || invalid }}
        />
      }
    >
      <FormField label={t('execution.fromParent.activity')}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={String(actividad)} onChange={(e) => setActividad(Number(e.currentTarget.value))}>
            {activities.map((id) => (
              <option key={id} value={id}>
                {titles.get(id) ?? '…'}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <Text textStyle="sm" color="fg.muted" mt="3" mb="2">
        {t('execution.fromParent.intro')}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={t('execution.fromParent.items')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('entities.registro.items.items.articulo')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('entities.registro.items.items.cantidad')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('execution.deliveries.delivered')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('execution.deliveries.remaining')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" minW="8rem">
                {t('execution.fromParent.take')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item, i) => (
              <Table.Row key={item.id} verticalAlign="top">
                <Table.Cell pt="3">{articleName(item.articulo)}</Table.Cell>
                <Table.Cell pt="3" textAlign="end">
                  {formatNumber(item.cantidad, lang)}
                </Table.Cell>
                <Table.Cell pt="3" textAlign="end">
                  {formatNumber(item.entregado ?? 0, lang)}
                </Table.Cell>
                <Table.Cell pt="3" textAlign="end">
                  {formatNumber(remainsOf(item), lang)}
                </Table.Cell>
                <Table.Cell>
                  <Input
                    size="sm"
                    textAlign="end"
                    inputMode="decimal"
                    value={amounts[i]}
                    aria-label={t('execution.fromParent.takeOf', { article: articleName(item.articulo), n: i + 1 })}
                    aria-invalid={amountError(i) ? true : undefined}
                    aria-describedby={amountError(i) ? `from-parent-error-${i}` : undefined}
                    onChange={(e) => {
                      const next = [...amounts];
                      next[i] = e.target.value;
                      setAmounts(next);
                    }}
                  />
                  {amountError(i) && (
                    <Text id={`from-parent-error-${i}`} color="fg.error" textStyle="xs" role="alert">
                      {amountError(i)}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {/* why the button waits, where the user looks for it */}
      {waiting && (
        <Text textStyle="sm" color="fg.muted" mt="2" role="status">
          {waiting}
        </Text>
      )}
    </Modal>
  );
}

/** What child records took of each item and what remains, on a parent record (shown once any was made). */
export function Deliveries({ items, articleName }: { items: ParentItem[]; articleName: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!items.some((i) => i.entregado !== undefined)) return null;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={t('execution.deliveries.title')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('entities.registro.items.items.articulo')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('entities.registro.items.items.cantidad')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('execution.deliveries.delivered')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('execution.deliveries.remaining')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>{articleName(item.articulo)}</Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(item.cantidad, lang)}</Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(item.entregado ?? 0, lang)}</Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(remainsOf(item), lang)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
