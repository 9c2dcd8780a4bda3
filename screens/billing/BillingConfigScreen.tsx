/**
 * /backOffice/billingConfig (ADMIN; issue 16): the billing configuration record (environment, CUIT, tax
 * condition, sales points) as the one-record form, and its certificate: upload the certificate and its private
 * key (PEM files; the key is stored encrypted and never shown again), its subject and expiry with a warning from
 * 30 days before, and a connection check against AFIP.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { entityCalls } from '../app/entityData';
import SingleRecordScreen from '../entity/SingleRecordScreen';
import type { ScreenProps } from '../registry';
import { LoadFailed } from '../../widgets/LoadFailed';
import { showSuccess } from '../../widgets/toaster';
import { invoiceCalls, type CertificateInfo } from './calls';

export default function BillingConfigScreen({ route }: ScreenProps) {
  return (
    <Stack gap="6">
      <SingleRecordScreen route={route} />
      <CertificatePanel />
    </Stack>
  );
}

function CertificatePanel() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<CertificateInfo | null | undefined>(undefined);
  // a read that failed is not "no certificate yet" (which would also keep the AFIP check off)
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const [cert, setCert] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [probe, setProbe] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailed(null);
    try {
      const rows = (await entityCalls.quietIndex('facturacion', { max: 1, sort: 'id', sortOrder: 'asc' })).rows;
      if (!rows[0]) return setInfo(null);
      const rec = (await entityCalls.showQuiet('facturacion', rows[0].id as number)) as unknown as { certificado?: CertificateInfo | null };
      setInfo(rec.certificado ?? null);
    } catch (error) {
      setFailed({ error });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const upload = async () => {
    if (!cert || !key) return;
    setBusy(true);
    try {
      const reply = await invoiceCalls.uploadCertificate(await cert.text(), await key.text());
      setInfo(reply.certificado);
      setFailed(null);
      showSuccess(t('billing.certificateSaved'));
    } catch {
      // the app's client said why
    } finally {
      setBusy(false);
    }
  };
  const check = async () => {
    setBusy(true);
    setProbe(null);
    try {
      const r = await invoiceCalls.probe();
      setProbe(t('billing.probeOk', { puntos: r.puntos_venta.map((p) => p.nro).join(', ') || '-' }));
    } catch {
      // the app's client said why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="billing-certificate-title" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="sm" id="billing-certificate-title" mb="3">
        {t('billing.certificate')}
      </Heading>
      <Stack gap="3">
        {failed ? <LoadFailed error={failed.error} onRetry={() => void load()} /> : info === undefined ? <Spinner size="sm" aria-label={t('app.loading')} /> : null}
        {info === null && !failed && <Text>{t('billing.noCertificate')}</Text>}
        {info && (
          <Stack gap="1" data-testid="certificate-info">
            <HStack>
              <Text>{info.sujeto}</Text>
              <Badge colorPalette={info.state === 'vigente' ? 'green' : info.state === 'por_vencer' ? 'orange' : 'red'}>{t(`billing.state.${info.state}`)}</Badge>
            </HStack>
            <Text textStyle="sm">{t('billing.expires', { date: info.vence.slice(0, 10), days: info.daysLeft })}</Text>
            {info.state !== 'vigente' && (
              <Alert.Root status={info.state === 'vencido' ? 'error' : 'warning'}>
                <Alert.Indicator />
                <Alert.Title>{t(info.state === 'vencido' ? 'billing.expired' : 'billing.expiresSoon', { days: info.daysLeft })}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        )}
        <HStack align="end" wrap="wrap" gap="4">
          <Field.Root maxW="sm">
            <Field.Label>{t('billing.certificateFile')}</Field.Label>
            <Input type="file" accept=".crt,.pem,.cer" p="1" onChange={(e) => setCert(e.target.files?.[0] ?? null)} />
          </Field.Root>
          <Field.Root maxW="sm">
            <Field.Label>{t('billing.keyFile')}</Field.Label>
            <Input type="file" accept=".key,.pem" p="1" onChange={(e) => setKey(e.target.files?.[0] ?? null)} />
          </Field.Root>
          <Button onClick={() => void upload()} disabled={!cert || !key} loading={busy}>
            {t('billing.upload')}
          </Button>
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          {t('billing.keyNote')}
        </Text>
        <HStack>
          <Button variant="outline" onClick={() => void check()} loading={busy} disabled={!info}>
            {t('billing.probe')}
          </Button>
          {probe && <Text role="status">{probe}</Text>}
        </HStack>
      </Stack>
    </Box>
  );
}
