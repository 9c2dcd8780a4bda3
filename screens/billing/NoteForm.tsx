/**
 * What a credit or debit note covers (issue 16): for a credit note, some units of the invoice's lines (at most
 * what remains of each) and/or an amount at a VAT rate; nothing chosen credits all that remains, and its button
 * says so. A debit note is an amount at a rate. Numbers are typed as the user's language writes them; an entry
 * that is wrong is named at its field and nothing is issued (engine/billing/noteChoice.ts), since leaving it out
 * would issue another note than the one asked for. The server checks everything again.
 */
import { useState } from 'react';
import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { VAT_RATE_IDS } from '../../engine/billing/amounts';
import { noteChoice, type NoteEntry } from '../../engine/billing/noteChoice';
import { fieldMessage } from '../../widgets/SchemaForm/fieldMessage';
import { NumberInput } from '../../widgets/SchemaForm/NumberInput';
import { useFocusFirstError } from '../../widgets/SchemaForm/useFocusFirstError';
import type { InvoiceDetail, NoteBody } from './calls';

const RATES = [...VAT_RATE_IDS.keys()];

export function NoteForm({ kind, invoice, articleName, busy, onIssue, onCancel }: {
  kind: 'nota_credito' | 'nota_debito';
  invoice: InvoiceDetail;
  articleName: (id: number) => string;
  busy: boolean;
  onIssue: (part: NoteBody) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [qty, setQty] = useState<Record<number, NoteEntry>>({});
  const [rate, setRate] = useState('21');
  const [net, setNet] = useState<NoteEntry>(undefined);
  // a missing amount is said once the user tried to issue; a wrong entry as soon as it is typed
  const [tried, setTried] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const form = useFocusFirstError<HTMLDivElement>(refusals);
  const lines = kind === 'nota_credito' ? (invoice.acreditable?.items ?? []).filter((i) => i.cantidad > 0) : [];
  const choice = noteChoice({ kind, lines, qty, net, rate: Number(rate) });
  const total = invoice.acreditable?.total ?? 0;

  const message = (field: string, label: string) => {
    const errors = choice.errors.filter((e) => e.field === field && (tried || e.code !== 'required'));
    return errors.length ? fieldMessage(errors, label, t, (k) => i18n.exists(k)) : null;
  };
  const submit = () => {
    setTried(true);
    if (choice.errors.length) return setRefusals((n) => n + 1);
    onIssue(choice.part);
  };

  const amountLabel = t('billing.note.amount');
  const amountError = message('neto', amountLabel);
  return (
    <Stack ref={form.ref} gap="2" borderWidth="1px" borderRadius="md" p="2" data-testid="note-form">
      {kind === 'nota_credito' && <Text textStyle="sm">{t('billing.note.creditHint', { total })}</Text>}
      {lines.map((l) => {
        const label = t('billing.note.line', { name: l.descripcion || (l.articulo ? articleName(l.articulo) : ''), left: l.cantidad });
        const error = message(`items.${l.item}`, label);
        return (
          <Field.Root key={l.item} invalid={!!error}>
            <HStack w="full" gap="2">
              <Field.Label flex="1">{label}</Field.Label>
              <NumberInput
                size="sm"
                w="24"
                value={qty[l.item]}
                integer={false}
                empty={undefined}
                aria-invalid={error ? true : undefined}
                onValue={(v) => setQty((before) => ({ ...before, [l.item]: v }))}
              />
            </HStack>
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        );
      })}
      <HStack align="start" wrap="wrap">
        <Field.Root invalid={!!amountError} required={kind === 'nota_debito'} flex="1" minW="10rem">
          <Field.Label>
            {amountLabel}
            {kind === 'nota_debito' && <Field.RequiredIndicator />}
          </Field.Label>
          <NumberInput size="sm" value={net} integer={false} empty={undefined} aria-invalid={amountError ? true : undefined} onValue={setNet} />
          {amountError && <Field.ErrorText>{amountError}</Field.ErrorText>}
        </Field.Root>
        <Field.Root w="28">
          <Field.Label>{t('billing.note.rate')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={rate} onChange={(e) => setRate(e.currentTarget.value)}>
              {RATES.map((r) => (
                <option key={r} value={r}>
                  {r} %
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <HStack wrap="wrap">
        <Button size="sm" onClick={submit} loading={busy}>
          {kind === 'nota_credito' && choice.all ? t('billing.note.creditAll', { total }) : t(kind === 'nota_credito' ? 'billing.creditNote' : 'billing.debitNote')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('billing.note.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
