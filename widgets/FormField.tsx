/**
 * Label + input + helper / error text. The input goes in as children; Chakra's Field.Root gives it an id
 * and points the label at it, and marks it invalid / required. The one text under the input (its help, or the
 * error in its place) describes it (aria-describedby): Chakra ties an error by aria-errormessage only, which
 * screen readers mostly do not read, so an error said under the field went unheard.
 */
import { useId, type ReactNode } from 'react';
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
  // help and error are never shown together: one id for whichever is there, which Chakra then names in aria-describedby
  const note = `${useId()}-note`;
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} readOnly={readOnly} ids={{ helperText: note, errorText: note }}>
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
