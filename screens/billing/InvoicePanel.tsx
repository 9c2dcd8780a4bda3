/**
 * A saved record's vouchers (issue 16): issue an invoice (the server picks the letter and asks AFIP after
 * commit), follow it until it has its CAE or is rejected (AFIP's observations shown, translated when the code
 * is known), print it, and issue credit and debit notes against an issued invoice (whole or partial: ./NoteForm).
 * Issuing is offered only in activities that invoice; the vouchers a record has are always shown.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import { formatVoucherNumber } from '../../engine/billing/voucher';
import { reportFailure } from '../app/feedback';
import { invoiceCalls, type CurrencyChoice, type InvoiceDetail, type InvoiceRow, type NoteBody } from './calls';
import { NoteForm } from './NoteForm';
import { CurrencyFields, currencyBody, PESOS, type CurrencyInput } from './CurrencyFields';
import { saveFile } from '../../widgets/saveFile';
import { LoadFailed } from '../../widgets/LoadFailed';

const POLL_MS = 1500;
const live = (r: InvoiceRow) => r.estado === 'pendiente' || r.estado === 'solicitando';

export function InvoicePanel({ recordId, canIssue, articleName }: { recordId: number | null; canIssue: boolean; articleName: (id: number) => string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<InvoiceDetail[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<'nota_credito' | 'nota_debito' | null>(null);
  const [currencies, setCurrencies] = useState<{ id: string; desc: string }[]>([]);
  const [currency, setCurrency] = useState<CurrencyInput>(PESOS);

  const load = useCallback(async () => {
    if (recordId === null) return;
    const list = await invoiceCalls.ofRecord(recordId);
    setRows(await Promise.all(list.map((r) => invoiceCalls.show(r.id))));
  }, [recordId]);

  // the vouchers could not be read: said, with a retry, and nothing offered to issue (it may have one already)
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const first = useCallback(() => {
    setFailed(null);
    load().catch((error: unknown) => setFailed({ error }));
  }, [load]);
  useEffect(first, [first]);
  useEffect(() => {
    if (canIssue) void invoiceCalls.currencies().then(setCurrencies, () => {});
  }, [canIssue]);
  useEffect(() => {
    if (!rows.some(live)) return;
    const timer = setTimeout(() => void load().catch(() => {}), POLL_MS);
    return () => clearTimeout(timer);
  }, [rows, load]);

  if (recordId === null || (!canIssue && !rows.length && !failed)) return null;
  const issue = async (tipo: InvoiceRow['tipo'], part: NoteBody & CurrencyChoice = {}) => {
    setBusy(true);
    try {
      // one call per click: its key makes a resend after a lost answer harmless (./calls.ts)
      await invoiceCalls.issue(recordId, tipo, part);
      setNote(null);
      await load();
    } catch (e) {
      // the issuing call is quiet (its attempts are retried): its last failure is said here, once
      if (e instanceof ApiError) reportFailure(e);
    } finally {
      setBusy(false);
    }
  };
  const print = async (row: InvoiceRow) => {
    try {
      const { blob, name } = await invoiceCalls.pdf(row.id);
      saveFile(blob, name || `${row.letra}-${row.id}.pdf`);
    } catch {
      // the app's client said why
    }
  };
  const invoice = rows.find((r) => r.tipo === 'factura' && r.estado !== 'rechazada');

  return (
    <Box as="section" aria-labelledby="record-invoices-title">
      <Heading as="h2" size="sm" id="record-invoices-title" mb="2">
        {t('billing.invoices')}
      </Heading>
      <Stack gap="2">
        {failed && <LoadFailed error={failed.error} onRetry={first} />}
        {!failed && rows.map((r) => (
          <Box key={r.id} borderWidth="1px" borderRadius="md" p="2" data-testid="invoice">
            <HStack justify="space-between" wrap="wrap">
              <Text fontWeight="semibold">
                {t(`entities.factura.enums.tipo.${r.tipo}`)} {r.letra} {r.numero ? formatVoucherNumber(r.punto_venta, r.numero) : ''}
              </Text>
              <Badge colorPalette={r.estado === 'emitida' ? 'green' : r.estado === 'rechazada' ? 'red' : 'yellow'}>{t(`entities.factura.enums.estado.${r.estado}`)}</Badge>
            </HStack>
            {r.moneda && r.moneda !== 'PES' && (
              <Text textStyle="sm">{t('billing.inCurrency', { moneda: r.moneda, cotizacion: r.cotizacion ?? t('billing.rateFromAfip') })}</Text>
            )}
            {r.cae && (
              <Text textStyle="sm">
                {t('billing.cae', { cae: r.cae, vencimiento: r.cae_vencimiento ?? '' })}
              </Text>
            )}
            {live(r) && r.ultimo_error && (
              <Text textStyle="sm" color="fg.muted">
                {t('billing.retrying')}
              </Text>
            )}
            {r.observaciones?.map((o) => (
              <Text key={`${o.code}-${o.msg}`} textStyle="sm" color={r.estado === 'rechazada' ? 'fg.error' : 'fg.muted'} role={r.estado === 'rechazada' ? 'alert' : undefined}>
                {o.code}: {o.conocido ? t(`afip.${o.code}`) : o.msg}
              </Text>
            ))}
            {r.estado === 'emitida' && (
              <Button size="xs" mt="1" variant="outline" onClick={() => void print(r)}>
                {t('billing.print')}
              </Button>
            )}
          </Box>
        ))}
        {canIssue && !failed && (
          <HStack>
            {!invoice && <CurrencyFields currencies={currencies} value={currency} onChange={setCurrency} />}
            {!invoice && (
              <Button size="sm" alignSelf="end" onClick={() => void issue('factura', currencyBody(currency))} loading={busy}>
                {t('billing.issue')}
              </Button>
            )}
            {invoice?.estado === 'emitida' && !note && (invoice.acreditable?.total ?? 0) > 0 && (
              <Button size="sm" variant="outline" onClick={() => setNote('nota_credito')}>
                {t('billing.creditNote')}
              </Button>
            )}
            {invoice?.estado === 'emitida' && !note && (
              <Button size="sm" variant="outline" onClick={() => setNote('nota_debito')}>
                {t('billing.debitNote')}
              </Button>
            )}
          </HStack>
        )}
        {canIssue && invoice?.estado === 'emitida' && note && (
          <NoteForm kind={note} invoice={invoice} articleName={articleName} busy={busy} onIssue={(part) => void issue(note, part)} onCancel={() => setNote(null)} />
        )}
      </Stack>
    </Box>
  );
}
