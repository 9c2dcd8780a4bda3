/**
 * What was typed in a record form and not saved, kept as a draft in the browser (engine/formDrafts.ts) while it is
 * typed: a phone browser reloads or drops a tab without the "leave page?" warning. When the form opens again the
 * draft is offered in a notice above it: Recover puts it in the form as typed (the leave guard applies), Discard
 * drops it. The draft goes once the data is saved, the user leaves without saving (`drop`), or nothing typed is
 * left. Pass `keep` as EntityForm's `onTyped` and render `notice` above the form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, HStack } from '@chakra-ui/react';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { agoText, browserStorage, draftKey, readDraft, removeDraft, saveDraft, withoutSecretFields, type Draft } from '../../engine/formDrafts';
import type { FormRecord, useEntityRecord } from './useEntityRecord';

/** Typing is kept this long after the last change, not on every key. */
export const KEEP_AFTER_MS = 500;

interface FormDraftOptions {
  entity: ResolvedEntity;
  record: ReturnType<typeof useEntityRecord>;
  /** The record's id; null for a new record, told apart by `address` (a preset in its query). */
  id: string | null;
  address: string;
  /** The signed-in user's name; no drafts without one. */
  user: string | undefined;
  /** The form takes typing (not view mode). */
  editable: boolean;
  /** Typed data is pending on screen. */
  typing: boolean;
}

export function useFormDraft({ entity, record, id, address, user, editable, typing }: FormDraftOptions) {
  const { t, i18n } = useTranslation();
  const { typed, version, recover } = record;
  const key = user && editable ? draftKey(user, entity.name, id, address) : null;
  const [offer, setOffer] = useState<{ draft: Draft; changed: boolean; seen: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const loaded = record.data !== null;

  // offered once the form shows its record: its version tells whether it changed since the draft was typed
  useEffect(() => {
    const now = Date.now();
    const draft = key && loaded ? readDraft(browserStorage(), key, now) : null;
    setOffer(draft && { draft, changed: draft.version !== (version() ?? null), seen: now });
  }, [key, loaded, version]);

  const write = useCallback(() => {
    timer.current = undefined;
    const data = key ? typed() : null;
    // nothing typed (a form filling its defaults): an offered draft stays until its notice is answered
    if (key && data) saveDraft(browserStorage(), key, { data: withoutSecretFields(entity.schema, entity.ui, data) as FormRecord, version: version() ?? null, at: Date.now() });
  }, [key, entity, typed, version]);

  /** After each change: kept once the typing pauses. */
  const keep = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(write, KEEP_AFTER_MS);
  }, [write]);

  useEffect(() => {
    // a hidden page may be dropped without another word: what is pending is kept now
    const flush = () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      write();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [write]);

  /** Forgets the draft (saved, or left without saving on purpose). */
  const drop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (key) removeDraft(browserStorage(), key);
    setOffer(null);
  }, [key]);

  // nothing typed is pending any more (saved, undone): the draft it kept goes
  const kept = useRef<string | null>(null);
  useEffect(() => {
    if (typing && key) kept.current = key;
    else if (!typing && kept.current) {
      clearTimeout(timer.current);
      timer.current = undefined;
      removeDraft(browserStorage(), kept.current);
      kept.current = null;
    }
  }, [typing, key]);

  const notice = offer && (
    <Alert.Root status={offer.changed ? 'warning' : 'info'} role="status" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('entity.draft.found', { when: agoText(offer.draft.at, offer.seen, i18n.language) })}</Alert.Title>
        {offer.changed && <Alert.Description>{t('entity.draft.changed')}</Alert.Description>}
      </Alert.Content>
      <HStack gap="2">
        <Button
          size="sm"
          onClick={() => {
            recover({ ...record.data, ...offer.draft.data }, offer.draft.version ?? undefined);
            setOffer(null);
          }}
        >
          {t('entity.draft.recover')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            drop();
            // typed since the form opened: that is the draft now
            if (typed()) keep();
          }}
        >
          {t('entity.draft.discard')}
        </Button>
      </HStack>
    </Alert.Root>
  );

  return { keep, drop, notice };
}
