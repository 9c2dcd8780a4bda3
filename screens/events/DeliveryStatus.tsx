/**
 * A delivery's situation in plain words (issue 15), above its fields: delivered, exhausted, waiting (for an inactive
 * event, or for an earlier delivery of the same record — named, with a link to it), failed and retried at a given
 * time, or queued; its last failure by its problem code (what happened and what to check, in the user's language)
 * with the raw error kept as the technical detail; and how retries go by the server's policy — the waits and the
 * moment it gives up. The words come from engine/events/explain.ts; this only writes them.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Code, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { momentText } from '../../engine/dates';
import { durationParts, explainDelivery, problemHintKeys, type ProblemView, type Sentence } from '../../engine/events/explain';
import { entityOf } from '../metadata';
import { useDelivery } from './useDelivery';

export function DeliveryStatus({ id }: { id: number | string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { row, situation } = useDelivery(id);
  if (!row) return null;
  const language = i18n.language;
  const view = explainDelivery(row, situation);
  const moment = (iso: string) => (iso ? momentText(iso, language) : '—');
  const say = (s: Sentence) => t(s.key, { ...s.params, ...Object.fromEntries(Object.entries(s.moments ?? {}).map(([k, v]) => [k, moment(v)])) });
  const duration = (ms: number) => {
    const { unit, count } = durationParts(ms);
    return t(`events.duration.${unit}`, { count });
  };
  const words = (p: ProblemView) => t(`events.problems.${p.code}`, { defaultValue: p.raw });
  const hint = view.problem ? problemHintKeys(view.problem.code).find((k) => i18n.exists(k)) : undefined;
  const earlier = view.waitsFor;
  const formPath = entityOf('evento_entrega').routeForm ?? '/backOffice/eventosEntregas';

  return (
    <Stack as="section" gap="2" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="3" data-testid="delivery-status">
      <Heading as="h2" size="md" id={headingId}>
        {t('events.explain.heading')}
      </Heading>
      <Text>{say(view.state)}</Text>
      {earlier && (
        <>
          {earlier.ahead > 1 && <Text>{t('events.explain.waitingAhead', { count: earlier.ahead })}</Text>}
          {earlier.problem ? (
            <Text>{t('events.explain.waitingFailed', { id: earlier.id, count: earlier.attempts, problem: words(earlier.problem) })}</Text>
          ) : (
            earlier.attempts === 0 && <Text>{t('events.explain.waitingNotTried', { id: earlier.id })}</Text>
          )}
          <Link asChild color="brand.fg" alignSelf="flex-start">
            <RouterLink to={`${formPath}/${encodeURIComponent(String(earlier.id))}/show`}>{t('events.explain.openEarlier', { id: earlier.id })}</RouterLink>
          </Link>
        </>
      )}
      {view.problem && (
        <Stack gap="1" data-testid="delivery-problem">
          <Text fontWeight="medium">
            {t('events.explain.lastError')}: {words(view.problem)}
          </Text>
          {hint && <Text>{t(hint)}</Text>}
          <Text fontSize="sm" color="fg.muted">
            {t('events.explain.rawDetail')}: <Code wordBreak="break-all">{view.problem.raw}</Code>
          </Text>
        </Stack>
      )}
      {view.retry && (
        <Text fontSize="sm" color="fg.muted">
          {t('events.explain.retryPolicy', { base: duration(view.retry.baseMs), max: duration(view.retry.maxMs), until: moment(view.retry.until), age: duration(view.retry.maxAgeMs) })}
        </Text>
      )}
    </Stack>
  );
}
