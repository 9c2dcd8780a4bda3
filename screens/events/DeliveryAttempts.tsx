/**
 * A delivery's attempts (issue 15), kept while its subscription's debug is on: for each of the last 20, when it
 * started, the HTTP status, duration and error, and — opened — the request and the answer exactly as sent and
 * received (headers, the first 64 kB of the body). Newest first.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { momentText } from '../../engine/dates';
import type { DeliveryAttempt } from '../../engine/events/attempt';
import { entityCalls } from '../app/entityData';

type Attempt = DeliveryAttempt;

function parse(stored: unknown): Attempt[] {
  if (typeof stored !== 'string' || !stored) return [];
  try {
    const list = JSON.parse(stored);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function Exchange({ label, value }: { label: string; value: string | null }) {
  const id = useId();
  return (
    <Stack gap="1">
      <Text asChild fontSize="sm" fontWeight="medium">
        <label htmlFor={id}>{label}</label>
      </Text>
      <Textarea id={id} readOnly value={value ?? ''} rows={4} fontFamily="mono" fontSize="xs" />
    </Stack>
  );
}

export function DeliveryAttempts({ id }: { id: number | string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [attempts, setAttempts] = useState<Attempt[] | null>(null);
  useEffect(() => {
    let live = true;
    entityCalls.show('evento_entrega', id).then(
      (row) => live && setAttempts(parse(row.intentos_detalle).reverse()),
      () => live && setAttempts([]),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!attempts) return null;
  const field = (name: string) => t(`entities.evento_entrega.fields.${name}`);
  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId}>
        {t('events.attempts')}
      </Heading>
      {attempts.length === 0 && <Text color="fg.muted">{t('events.noAttempts')}</Text>}
      {attempts.map((a) => (
        <Box as="details" key={`${a.intento}-${a.fecha}`} borderWidth="1px" borderRadius="md" p="2" data-testid="delivery-attempt">
          <Box as="summary" cursor="pointer">
            {t('events.attemptSummary', {
              n: a.intento,
              at: momentText(a.fecha, i18n.language),
              status: a.http_estado ?? '—',
              ms: a.duracion_ms,
            })}
            {a.error ? ` · ${a.error}` : ''}
          </Box>
          <Stack gap="2" mt="2">
            <Exchange label={field('solicitud_headers')} value={a.solicitud_headers} />
            <Exchange label={field('solicitud')} value={a.solicitud} />
            <Exchange label={field('respuesta_headers')} value={a.respuesta_headers} />
            <Exchange label={field('respuesta')} value={a.respuesta} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
