/**
 * What was typed in a form and not saved, kept as a draft in the browser (engine/formDrafts.ts) while it is typed:
 * a phone browser reloads or drops a tab without the "leave page?" warning. When the form opens again the draft is
 * offered in a notice above it (DraftNotice): Recover puts it back as typed, Discard drops it. The draft goes once
 * the data is saved or the user leaves without saving (`drop`), or when nothing typed is left (`typing` turns
 * false). The screen says what is pending and how a draft goes back; the entity form (./useFormDraft.tsx) and the
 * execution record page (../execution/useRecordDraft.ts) are its two users. Call `keep` after each change.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserStorage, readDraft, removeDraft, saveDraft, type Draft } from '../../engine/formDrafts';
import { DraftNotice } from './DraftNotice';

/** Typing is kept this long after the last change, not on every key. */
export const KEEP_AFTER_MS = 500;

export interface DraftOptions {
  /** Where the draft is kept (draftKey); null: none (nobody signed in, view mode, read-only). */
  key: string | null;
  /** The form shows its record: the draft is offered then, its version compared with the one shown. */
  ready: boolean;
  /** Typed data is pending on screen. */
  typing: boolean;
  /** The version on screen, the one a save meets (null: a new record). */
  version: () => number | null;
  /** What is typed and pending, as kept (secrets left out), or null when nothing is. */
  typed: () => Record<string, unknown> | null;
  /** Puts a draft on screen as typed over its version (then pending: the leave guard applies). */
  recover: (draft: Draft) => void;
  /** Whether a kept draft can go back on this screen; one that cannot is not offered. */
  readable?: (draft: Draft) => boolean;
}

export function useDraft(options: DraftOptions) {
  const { key, ready, typing } = options;
  // the screen's callbacks of its last render: read when needed, never a reason to offer again
  const screen = useRef(options);
  screen.current = options;
  const [offer, setOffer] = useState<{ draft: Draft; changed: boolean; seen: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // offered once the form shows its record: its version tells whether it changed since the draft was typed
  useEffect(() => {
    const now = Date.now();
    const found = key && ready ? readDraft(browserStorage(), key, now) : null;
    const draft = found && (screen.current.readable?.(found) ?? true) ? found : null;
    setOffer(draft && { draft, changed: draft.version !== screen.current.version(), seen: now });
  }, [key, ready]);

  const write = useCallback(() => {
    timer.current = undefined;
    const data = key ? screen.current.typed() : null;
    // nothing typed (a form filling its defaults): an offered draft stays until its notice is answered
    if (key && data) saveDraft(browserStorage(), key, { data, version: screen.current.version(), at: Date.now() });
  }, [key]);

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

  // the key the typing on screen was kept under (the form may have turned read-only since: a record taken by another)
  const kept = useRef<string | null>(null);

  /** Forgets the draft (saved, or left without saving on purpose). */
  const drop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    for (const k of new Set([key, kept.current])) if (k) removeDraft(browserStorage(), k);
    setOffer(null);
  }, [key]);

  // nothing typed is pending any more (saved, undone): the draft it kept goes
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
    <DraftNotice
      at={offer.draft.at}
      seen={offer.seen}
      changed={offer.changed}
      onRecover={() => {
        screen.current.recover(offer.draft);
        setOffer(null);
      }}
      onDiscard={() => {
        drop();
        // typed since the form opened: that is the draft now
        if (screen.current.typed()) keep();
      }}
    />
  );

  return { keep, drop, notice };
}
