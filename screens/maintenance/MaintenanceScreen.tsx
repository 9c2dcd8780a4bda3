/**
 * Maintenance (spec §2 mantenimientosConfig, ADMIN only; §5, §7; issue 12): deleting a batch of test records by
 * their reference text. Searching shows the preview (`workspace/GetCabsForDelete`: how many match, which, and
 * what deleting them does to stock); deleting asks for confirmation, then deletes exactly the previewed records
 * (`workspace/DeleteRegistrosCab` with their ids) and shows the result. An empty search is the server's field
 * error under the input.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Heading, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ApiError } from '../../engine/api/client';
import type { FieldError } from '../../engine/errors';
import { dayText } from '../../engine/dates';
import { messageFor } from '../../engine/validation/messages';
import { FormField } from '../../widgets/FormField';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { showSuccess } from '../../widgets/toaster';
import { emitUpdateList } from '../../widgets/DataTable';
import { reportFailure } from '../app/feedback';
import { api } from '../app/session';
import type { ScreenProps } from '../registry';

interface Preview {
  total: number;
  ids: number[];
  registros: { id: number; numero: string; fecha: string; referencia_texto: string; estado: string; actividad: string | null }[];
  efectos: { articulo: number; nombre: string; ubicacion: string; en_mano: number; comprometido: number }[];
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A small read-only table that scrolls sideways on phones. */
function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {head.map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, i) => (
            <Table.Row key={i}>
              {r.map((c, j) => (
                <Table.Cell key={j}>{c}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export default function MaintenanceScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<(Preview & { referenciatexto: string }) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const c = (k: string) => t(`maintenance.columns.${k}`);

  const search = async () => {
    setDone(null);
    setPreview(null);
    // nothing typed asks for the text here, without a call
    if (!text.trim()) return setFieldError({ field: 'referenciatexto', code: 'required' });
    setLoading(true);
    setFieldError(null);
    try {
      const found = await api.post<Preview>('workspace/GetCabsForDelete', { referenciatexto: text }, { quiet: true });
      setPreview({ ...found, referenciatexto: text });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const own = e.fieldErrors.find((f) => f.field === 'referenciatexto');
      if (own) setFieldError(own);
      else reportFailure(e);
    } finally {
      setLoading(false);
    }
  };

  const remove = async () => {
    if (!preview) return;
    setDeleting(true);
    try {
      const result = await api.post<{ eliminados: number }>('workspace/DeleteRegistrosCab', { referenciatexto: preview.referenciatexto, ids: preview.ids });
      setConfirming(false);
      setPreview(null);
      setDone(result.eliminados);
      showSuccess(t('maintenance.done', { count: result.eliminados }));
      emitUpdateList();
    } catch {
      // the client showed the server's message (the batch changed, or stock would go negative)
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  const message = fieldError ? messageFor([fieldError], t('maintenance.reference')) : null;
  return (
    <Stack gap="4" maxW="5xl">
      <Heading as="h1" size="lg">
        {t(`routes.${route?.name ?? 'mantenimientosConfig'}`)}
      </Heading>
      <Text color="fg.muted">{t('maintenance.intro')}</Text>
      <Stack
        as="form"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <Box flex="1">
          <FormField label={t('maintenance.reference')} error={message ? t(message.key, message.params) : undefined}>
            <Input value={text} maxLength={200} onChange={(e) => setText(e.currentTarget.value)} />
          </FormField>
        </Box>
        <Button type="submit" loading={loading}>
          {t('maintenance.search')}
        </Button>
      </Stack>

      {loading && <Spinner aria-label={t('app.loading')} />}
      {done !== null && (
        <Text role="status" fontWeight="medium">
          {t('maintenance.done', { count: done })}
        </Text>
      )}
      {preview && preview.total === 0 && <Text role="status">{t('maintenance.none')}</Text>}
      {preview && preview.total > 0 && (
        <Stack gap="3">
          <Text role="status" fontWeight="medium">
            {t('maintenance.found', { count: preview.total })} {preview.total > preview.ids.length ? t('maintenance.showing', { count: preview.ids.length }) : ''}
          </Text>
          <Heading as="h2" size="md">
            {t('maintenance.records')}
          </Heading>
          <SimpleTable
            label={t('maintenance.records')}
            head={[c('numero'), c('fecha'), c('referencia'), c('actividad'), c('estado')]}
            rows={preview.registros.map((r) => [r.numero, dayText(r.fecha) ?? r.fecha, r.referencia_texto, r.actividad ?? '', t(`entities.registro.enums.estado.${r.estado}`, { defaultValue: r.estado })])}
          />
          <Heading as="h2" size="md">
            {t('maintenance.effects')}
          </Heading>
          {preview.efectos.length === 0 ? (
            <Text>{t('maintenance.noEffects')}</Text>
          ) : (
            <SimpleTable
              label={t('maintenance.effects')}
              head={[c('articulo'), c('ubicacion'), c('en_mano'), c('comprometido')]}
              rows={preview.efectos.map((e) => [e.nombre, e.ubicacion, signed(e.en_mano), signed(e.comprometido)])}
            />
          )}
          <HStack>
            <Button colorPalette="red" onClick={() => setConfirming(true)}>
              {t('maintenance.delete', { count: preview.ids.length })}
            </Button>
          </HStack>
        </Stack>
      )}
      {confirming && preview && (
        <Modal
          open
          onClose={() => setConfirming(false)}
          title={t('maintenance.confirmTitle')}
          footer={
            <DialogButtons
              secondary={{ label: t('maintenance.cancel'), onClick: () => setConfirming(false) }}
              primary={{ label: t('maintenance.confirm'), onClick: () => void remove(), loading: deleting, danger: true }}
            />
          }
        >
          <Text>{t('maintenance.confirmText', { count: preview.ids.length })}</Text>
        </Modal>
      )}
    </Stack>
  );
}
