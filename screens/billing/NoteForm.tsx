/**
 * What a credit or debit note covers (issue 16): for a credit note, some units of the invoice's lines (at most
 * what remains of each) and/or an amount at a VAT rate; nothing chosen credits all that remains. A debit note is
 * an amount at a rate. The server checks everything again (never beyond what remains un-credited).
 */
import { useState } from 'react';
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { VAT_RATE_IDS } from '../../engine/billing/amounts';
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
  const { t } = useTranslation();
  const [qty, setQty] = useState<Record<number, string>>({});
  const [rate, setRate] = useState('21');
  const [net, setNet] = useState('');
  const lines = kind === 'nota_credito' ? (invoice.acreditable?.items ?? []).filter((i) => i.cantidad > 0) : [];

  const submit = () => {
    const items = lines.map((l) => ({ item: l.item, cantidad: Number(qty[l.item] ?? 0) })).filter((i) => i.cantidad > 0);
    const amount = Number(net);
    onIssue({ ...(items.length ? { items } : {}), ...(net !== '' && amount > 0 ? { importes: [{ alicuota: Number(rate), neto: amount }] } : {}) });
  };

  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="2" data-testid="note-form">
      {kind === 'nota_credito' && <Text textStyle="sm">{t('billing.note.creditHint', { total: invoice.acreditable?.total ?? 0 })}</Text>}
      {lines.map((l) => (
        <Field.Root key={l.item} orientation="horizontal">
          <Field.Label flex="1">{t('billing.note.line', { name: l.descripcion || (l.articulo ? articleName(l.articulo) : ''), left: l.cantidad })}</Field.Label>
          <Input size="sm" type="number" min={0} max={l.cantidad} step="any" w="24" value={qty[l.item] ?? ''} onChange={(e) => setQty({ ...qty, [l.item]: e.target.value })} />
        </Field.Root>
      ))}
      <HStack align="end">
        <Field.Root>
          <Field.Label>{t('billing.note.amount')}</Field.Label>
          <Input size="sm" type="number" min={0} step="0.01" value={net} onChange={(e) => setNet(e.target.value)} />
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
      <HStack>
        <Button size="sm" onClick={submit} loading={busy} disabled={kind === 'nota_debito' && !(Number(net) > 0)}>
          {t(kind === 'nota_credito' ? 'billing.creditNote' : 'billing.debitNote')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('billing.note.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
