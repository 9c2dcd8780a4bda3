/**
 * The currency of an invoice about to be issued (issue 16): AFIP's currencies (cached by the server), pesos by
 * default; another currency may carry a rate (pesos per unit), else AFIP's rate of the day is used. Shown only
 * when AFIP's list has been read and holds more than pesos. The server checks both again.
 */
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface CurrencyInput {
  moneda: string;
  /** As typed; empty: AFIP's rate. */
  cotizacion: string;
}

export const PESOS: CurrencyInput = { moneda: 'PES', cotizacion: '' };

export function CurrencyFields({ currencies, value, onChange }: { currencies: { id: string; desc: string }[]; value: CurrencyInput; onChange: (v: CurrencyInput) => void }) {
  const { t } = useTranslation();
  if (!currencies.some((c) => c.id !== 'PES')) return null;
  return (
    <HStack align="end">
      <Field.Root w="56">
        <Field.Label>{t('billing.currency')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={value.moneda} onChange={(e) => onChange({ moneda: e.currentTarget.value, cotizacion: '' })}>
            {currencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.desc || c.id}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {value.moneda !== 'PES' && (
        <Field.Root w="40">
          <Field.Label>{t('billing.rate')}</Field.Label>
          <Input size="sm" type="number" min={0} step="any" placeholder={t('billing.rateFromAfip')} value={value.cotizacion} onChange={(e) => onChange({ ...value, cotizacion: e.target.value })} />
        </Field.Root>
      )}
    </HStack>
  );
}

/** The issuing call's currency fields: nothing for pesos, the rate only when one was typed. */
export function currencyBody(v: CurrencyInput): { moneda?: string; cotizacion?: number } {
  if (v.moneda === 'PES') return {};
  const rate = Number(v.cotizacion);
  return { moneda: v.moneda, ...(v.cotizacion.trim() !== '' && rate > 0 ? { cotizacion: rate } : {}) };
}
