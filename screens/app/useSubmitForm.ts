/**
 * The wiring the small hand-made forms share (the dashboard's e-mail and password cards): submit marks every
 * field as tried, an empty required field says so by its label, nothing is sent while a check fails, a refusal
 * whose code belongs to a field is said on that field (and goes once the field is edited), any other refusal is
 * reported as usual — never left unhandled.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import { reportFailure } from './feedback';

export interface SubmitFormOptions<F extends string> {
  /** True when the typed data may be sent (every own check passed). */
  ready: () => boolean;
  /** Sends the data; a thrown ApiError is shown. */
  send: () => Promise<void>;
  /** Server codes said on a field instead of a toast: code -> field. */
  fieldCodes?: Partial<Record<string, F>>;
}

export function useSubmitForm<F extends string>({ ready, send, fieldCodes = {} }: SubmitFormOptions<F>) {
  const { t } = useTranslation();
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<F, string>>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!ready()) return;
    setSending(true);
    try {
      await send();
      setTried(false);
      setRefused({});
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const field = err.code ? fieldCodes[err.code] : undefined;
      if (field) setRefused({ [field]: err.code } as Partial<Record<F, string>>);
      else reportFailure(err);
    } finally {
      setSending(false);
    }
  };

  return {
    submit,
    sending,
    /** Whether a submit was tried since the last success (own checks show from then on). */
    tried,
    /** "<label> is required" once a submit was tried with the field empty. */
    required: (label: string, value: string) => (tried && value === '' ? t('validation.required', { label }) : undefined),
    /** The server's refusal said on this field, if any. */
    refusal: (field: F) => (refused[field] ? t(`errors.${refused[field]}`) : undefined),
    /** The field was edited: its refusal no longer applies. */
    edited: (field: F) => setRefused((r) => (r[field] ? { ...r, [field]: undefined } : r)),
  };
}
