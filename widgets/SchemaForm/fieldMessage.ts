/** The ONE message a field shows, translated: engine `messageFor` (spec §5 precedence) over its decoded errors. */
import type { TFunction } from 'i18next';
import type { FieldError } from '../../engine/errors';
import { messageFor } from '../../engine/validation/messages';

/** Fallback text key for codes the locales have no text for (pattern, const, ...). */
const FALLBACK_KEY = 'validation.format';

export interface MessageOptions {
  /** A single checkbox that must be ticked (`const: true` / `enum: [true]`) reads as required. */
  mustBeTicked?: boolean;
}

export function fieldMessage(
  errors: readonly FieldError[],
  label: string,
  t: TFunction,
  exists: (key: string) => boolean,
  { mustBeTicked = false }: MessageOptions = {},
): string | null {
  const coded = errors
    .filter((e) => e.code !== 'message')
    .map((e) => (mustBeTicked && (e.code === 'const' || e.code === 'enum') ? { ...e, code: 'required' } : e));
  const chosen = messageFor(coded, label);
  if (!chosen) {
    const plain = errors.find((e) => e.code === 'message');
    return plain ? String(plain.params?.message ?? '') : null;
  }
  // a code of the API's own (STOCK_INSUFICIENTE, EPF0003, …) reads as its error text, with its values
  const apiKey = `errors.${chosen.key.slice('validation.'.length)}`;
  return t(exists(chosen.key) ? chosen.key : exists(apiKey) ? apiKey : FALLBACK_KEY, chosen.params) as string;
}
