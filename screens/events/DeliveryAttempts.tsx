/**
 * A delivery's attempts (issue 15), kept while its subscription's debug is on: for each of the last 20, when it
 * started, the HTTP status, duration and what went wrong in words (the error's problem code, engine/events/problem.ts),
 * and — opened — the raw error and the request and the answer exactly as sent and received (headers, the first 64 kB
 * of the body). Newest first. With none kept it says why: not tried yet, debug off, or tried before debug was on.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { momentText } from '../../engine/dates';
import type { DeliveryAttempt } from '../../engine/events/attempt';
import { attemptProblem, attemptsNote } from '../../engine/events/explain';
import { useDelivery } from './useDelivery';

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
  const { row, situation } = useDelivery(id);
  if (!row) return null;
  const attempts = parse(row.intentos_detalle).reverse();
  const note = attemptsNote(Number(row.intentos) || 0, situation ? situation.debug : null, attempts.length);
  const field = (name: string) => t(`entities.evento_entrega.fields.${name}`);
  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId}>
        {t('events.attempts')}
      </Heading>
      {note && <Text color="fg.muted">{t(note)}</Text>}
      {attempts.map((a) => {
        const problem = attemptProblem(a);
        return (
          <Box as="details" key={`${a.intento}-${a.fecha}`} borderWidth="1px" borderRadius="md" p="2" data-testid="delivery-attempt">
            <Box as="summary" cursor="pointer">
              {t('events.attemptSummary', {
                n: a.intento,
                at: momentText(a.fecha, i18n.language),
                status: a.http_estado ?? '—',
                ms: a.duracion_ms,
              })}
              {problem ? ` · ${t(`events.problems.${problem.code}`, { defaultValue: problem.raw })}` : ''}
            </Box>
            <Stack gap="2" mt="2">
              {problem && (
                <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
                  {t('events.attemptProblem', { raw: problem.raw })}
                </Text>
              )}
              <Exchange label={field('solicitud_headers')} value={a.solicitud_headers} />
              <Exchange label={field('solicitud')} value={a.solicitud} />
              <Exchange label={field('respuesta_headers')} value={a.respuesta_headers} />
              <Exchange label={field('respuesta')} value={a.respuesta} />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
