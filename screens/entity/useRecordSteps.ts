/**
 * Previous / next record of a form opened from a list row (issue 19): steps through the ids the list handed over
 * in the navigation state (engine/list/recordSteps.ts), fetching the list's next (or previous) page with the same
 * query at either end. Alt+ArrowLeft / Alt+ArrowRight do the same outside text fields. `ask` gets each move
 * first, so unsaved changes are asked about before the form shows another record.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listContextOf, pageQuery, stepsOf, withPage, type ListContext, type RowId } from '../../engine/list/recordSteps';
import { entityCalls } from '../app/entityData';

/** Rows fetched at once beyond an end of the handed-over ids. */
export const STEP_PAGE_SIZE = 50;

export type StepDirection = 'prev' | 'next';

/** Alt+ArrowLeft / Alt+ArrowRight, not while typing (Option+Arrow moves by word in a Mac text field). */
export function stepKey(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'key' | 'target'>): StepDirection | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const el = e.target as HTMLElement | null;
  if (el?.closest?.('input, textarea, select, [contenteditable="true"], [role="textbox"], [role="combobox"]')) return null;
  return e.key === 'ArrowLeft' ? 'prev' : e.key === 'ArrowRight' ? 'next' : null;
}

export interface RecordStepsOptions {
  /** The list url the form's rows come from (a context of another list is ignored). */
  list: string;
  rowKey: string;
  /** The record shown; null for a new one (no steps). */
  id: RowId | null;
  /** The address of another row's form, in the same mode (view or edit). */
  pathOf: (id: RowId) => string;
  /** Gets each move first: runs it at once, or after asking about unsaved changes. */
  ask: (move: () => void) => void;
}

export function useRecordSteps({ list, rowKey, id, pathOf, ask }: RecordStepsOptions) {
  const location = useLocation();
  const navigate = useNavigate();
  const ctx = useMemo(() => {
    const c = listContextOf(location.state);
    return c && c.list === list ? c : null;
  }, [location.state, list]);
  const steps = useMemo(() => (id === null ? stepsOf(null, '') : stepsOf(ctx, id)), [ctx, id]);
  const [busy, setBusy] = useState(false);

  const open = useCallback(
    (target: RowId, next: ListContext) => {
      // replace: the way back from the form is still the list, however many records were stepped through
      void navigate(pathOf(target), { replace: true, state: { ...(location.state as object | null), list: next } });
    },
    [pathOf, navigate, location.state],
  );

  const move = useCallback(
    async (dir: StepDirection) => {
      const step = steps[dir];
      if (!step || !ctx || id === null) return;
      if ('id' in step) return open(step.id, ctx);
      setBusy(true);
      try {
        const reply = await entityCalls.index(ctx.list, pageQuery(ctx, step.fetch, STEP_PAGE_SIZE));
        const rows = reply.rows.map((r) => r[rowKey] as RowId);
        const next = withPage(ctx, step.fetch, { rows, total: reply.total, estimated: reply.estimated }, STEP_PAGE_SIZE);
        const found = stepsOf(next, id)[dir];
        if (found && 'id' in found) open(found.id, next);
      } catch {
        // the client already showed why the page could not be read
      } finally {
        setBusy(false);
      }
    },
    [steps, ctx, id, open, rowKey],
  );

  const go = useCallback((dir: StepDirection) => steps[dir] && !busy && ask(() => void move(dir)), [steps, busy, ask, move]);
  const latest = useRef(go);
  latest.current = go;
  const active = steps.position !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      const dir = stepKey(e);
      if (!dir) return;
      // Alt+ArrowLeft is also the browser's Back: here it means the previous record
      e.preventDefault();
      latest.current(dir);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);

  return {
    /** 1-based place of the record in the list, or null when the form was not opened from a list. */
    position: steps.position,
    total: ctx?.total ?? 0,
    estimated: ctx?.estimated ?? false,
    canPrev: steps.prev !== null && !busy,
    canNext: steps.next !== null && !busy,
    busy,
    go,
    /** The list as the user left it, for the way back to it. */
    view: ctx?.view,
  };
}
