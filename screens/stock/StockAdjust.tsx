/**
 * The article form's "Adjust stock" (issue 12): one movement of on-hand stock at one of the article's
 * locations (`stock_movimiento/adjust`: an inventory count, an opening quantity), signed, with a reason. The
 * server refuses taking out more than is available (STOCK_INSUFICIENTE, shown as a toast naming the article,
 * location and what is available); after an adjustment the form shows the new quantities and its movements.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../widgets/FormField';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable';
import { api } from '../app/session';
import type { FormExtraProps } from '../formExtras';
import { decimalPoint, parseDecimal } from '../../engine/records/decimal';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import { fieldMessage } from '../../widgets/SchemaForm/fieldMessage';
import { formatNumber } from '../../widgets/money';

interface Adjusted {
  ubicacion: string;
  en_mano: number;
}

export default function StockAdjust({ id, data, reload, whenSaved }: FormExtraProps) {
  const { t, i18n } = useTranslation();
  const places = (Array.isArray(data.ubicaciones) ? data.ubicaciones : []).flatMap((u) => (u && typeof u.nombre === 'string' && typeof u.id === 'number' ? [u.nombre as string] : []));
  const [open, setOpen] = useState(false);
  const [ubicacion, setUbicacion] = useState('');
  const [cantidad, setCantidad] = useState('');
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  /** The server's refusal of what was sent (more decimals than it keeps), until the field changes. */
  const [refused, setRefused] = useState<FieldError[]>([]);
  // typed as the app writes numbers: "1.000" is a thousand in Spanish, "2,5" two and a half
  const amount = parseDecimal(cantidad, decimalPoint(i18n.language));
  const valid = typeof amount === 'number' && amount !== 0;
  const forget = (field: string) => setRefused((r) => r.filter((f) => f.field !== field));
  const errorOf = (field: string, label: string) => fieldMessage(refused.filter((e) => e.field === field), label, t, (k) => i18n.exists(k)) ?? undefined;
  const quantityError = amount === undefined ? t('validation.typeNumber') : amount === 0 ? t('stock.zero') : errorOf('cantidad', t('stock.quantity'));

  const apply = async () => {
    setBusy(true);
    try {
      const done = await api.post<Adjusted>('stock_movimiento/adjust', { articulo: Number(id), ubicacion: ubicacion || places[0], cantidad: amount, ...(motivo.trim() ? { motivo: motivo.trim() } : {}) });
      showSuccess(t('stock.adjusted', { ubicacion: done.ubicacion, en_mano: formatNumber(done.en_mano, i18n.language) }));
      setOpen(false);
      setCantidad('');
      setMotivo('');
      emitUpdateList();
      reload();
    } catch (e) {
      // the client showed the server's message; its field errors go on their fields
      if (e instanceof ApiError) setRefused(e.fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => whenSaved(() => setOpen(true))}>
        {t('stock.adjust')}
      </Button>
      {open && (
        <Modal
          open
          onClose={() => setOpen(false)}
          title={t('stock.adjustTitle')}
          footer={
            <DialogButtons
              secondary={{ label: t('modal.cancel'), onClick: () => setOpen(false) }}
              primary={places.length ? { label: t('stock.apply'), form: 'stock-adjust', loading: busy, disabled: !valid } : undefined}
            />
          }
        >
          {places.length === 0 ? (
            <Text>{t('stock.noLocations')}</Text>
          ) : (
            <Stack
              as="form"
              id="stock-adjust"
              gap="3"
              onSubmit={(e) => {
                e.preventDefault();
                if (valid) void apply();
              }}
            >
              <FormField label={t('stock.location')} required>
                <NativeSelect.Root>
                  <NativeSelect.Field value={ubicacion || places[0]} onChange={(e) => setUbicacion(e.currentTarget.value)}>
                    {places.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={t('stock.quantity')} required error={quantityError}>
                <Input
                  inputMode="decimal"
                  value={cantidad}
                  onChange={(e) => {
                    setCantidad(e.currentTarget.value);
                    forget('cantidad');
                  }}
                />
              </FormField>
              <FormField label={t('stock.reason')} error={errorOf('motivo', t('stock.reason'))}>
                <Input
                  maxLength={500}
                  value={motivo}
                  onChange={(e) => {
                    setMotivo(e.currentTarget.value);
                    forget('motivo');
                  }}
                />
              </FormField>
            </Stack>
          )}
        </Modal>
      )}
    </>
  );
}
