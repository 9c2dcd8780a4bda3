/**
 * A number field's input as people type numbers in the app's language, not the browser's: "2,5" and "1.000" in
 * Spanish, "2.5" and "1,000" in English (engine/records/decimal.ts, as the items grid reads them). A browser's
 * number input reads its own locale's way: in a Spanish browser an English user's "1,000" was saved as 1. Text
 * that is no number is handed on as typed, so the form says "Ingrese un número" instead of dropping it.
 */
import { useEffect, useState } from 'react';
import { Input, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { decimalPoint, decimalText, parseDecimal } from '../../engine/records/decimal';

interface Props extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: unknown;
  integer: boolean;
  /** A number, the typed text when it is none, or `empty` for a blank field. */
  onValue(value: number | string | undefined): void;
  empty: unknown;
}

export function NumberInput({ value, integer, onValue, empty, ...rest }: Props) {
  const { i18n } = useTranslation();
  const point = decimalPoint(i18n.language);
  const [text, setText] = useState(() => (typeof value === 'string' ? value : decimalText(value, point)));

  // a value set from outside (a loaded record, a reset, the language switched) shows as the language writes it
  useEffect(() => {
    setText((shown) => {
      const typed = parseDecimal(shown, point);
      if (typeof value === 'number') return typed === value ? shown : decimalText(value, point);
      if (value === undefined || value === null) return typed === null || typed === undefined ? shown : '';
      return shown;
    });
  }, [value, point]);

  return (
    <Input
      {...rest}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseDecimal(e.target.value, point);
        onValue((n === null ? empty : n === undefined ? e.target.value : n) as number | string | undefined);
      }}
    />
  );
}
