/**
 * Label + input + helper / error text. The input goes in as children; Chakra's Field.Root gives it an id
 * and points the label at it, and marks it invalid / required.
 */
import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

export interface FormFieldProps {
  label: string;
  /** The (already translated) error; shown and marks the field invalid when set. */
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** The input (Chakra Input, Textarea, NativeSelect, PasswordField, ...). */
  children: ReactNode;
}

export function FormField({ label, error, helperText, required, disabled, readOnly, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
