/**
 * One record of the record form: loading it (a 403 or 404 becomes a state the page shows, without a toast:
 * spec §8; any other failure is `failed`, which the page shows with a retry: `retry`), its header
 * and its items (machines/itemsGrid), the prices the server will compute while the user types (engine/records),
 * saving it (the server's answer then replaces what is on screen), and take / release / move. Errors land on
 * their fields and cells; REGISTRO_TOMADO names who holds it. A draft kept over a reload (./useRecordDraft.ts)
 * goes back as typed (`recover`).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { FieldError } from '../../engine/errors';
import { decimalPoint } from '../../engine/records/decimal';
import { blankItem, draftOf, headerChanged, itemsPayload, priceDraft, splitItemErrors, standingErrors, type DraftItem } from '../../engine/records/draft';
import { moveChoice, type OfferedStep } from '../../engine/records/moves';
import { withKeptHeader, type RecordDraft } from '../../engine/records/recordDraft';
import { applicableList } from '../../engine/records/pricing';
import { wrongDates } from '../../engine/validation/typedDates';
import { isDirty, itemsGridMachine } from '../../machines/itemsGrid';
import { emitUpdateList } from '../../widgets/DataTable';
import { formFieldErrors } from '../../widgets/SchemaForm/validator';
import { showError, showSuccess } from '../../widgets/toaster';
import { reportFailure } from '../app/feedback';
import { isNotFound } from '../../engine/api/failure';
import { entityOf } from '../metadata';
import { useArticles } from './articles';
import { recordCalls } from './calls';
import type { Place } from './place';

/** The header fields a user changes (the rest are the server's). */
export const EDITABLE_HEADER = ['fecha', 'cliente', 'vendedor', 'referencia_numero', 'referencia_texto', 'notas'] as const;
/** Never sent back: the items go apart, the money is the server's. */
const NOT_SENT = ['id', 'version', 'items', 'subtotal', 'total', 'impuestos'];

export type LoadState = { state: 'loading' } | { state: 'ready' } | { state: 'forbidden'; message: string } | { state: 'missing' } | { state: 'failed'; error: unknown };

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const headerOf = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => !NOT_SENT.includes(k)));

export function useRecord(place: Place, id: string | null) {
  const { t, i18n } = useTranslation();
  const entity = entityOf('registro');
  const point = decimalPoint(i18n.language);
  const [load, setLoad] = useState<LoadState>(id === null ? { state: 'ready' } : { state: 'loading' });
  // a read that failed (not a 403 or 404) is read again when asked
  const [tries, setTries] = useState(0);
  const [record, setRecord] = useState<StoredRecord | null>(null);
  /** The header as last loaded or saved (what `dirty` compares with). */
  // the form checks the whole record's schema: its place in the flow is part of it (hidden, set by the route)
  const [seed, setSeed] = useState<Record<string, unknown>>(() => ({ fecha: today(), flujo: place.flow.id, actividad: place.activity.id }));
  /** What the form shows from (the seed, or the header with a client just created or edited beside it). */
  const [formData, setFormData] = useState<Record<string, unknown>>(seed);
  /** The header as on screen. */
  const [header, setHeader] = useState<Record<string, unknown>>(seed);
  /** Save mode `elegido`: who holds the record after the save (a user id; null frees it; undefined: not chosen yet). */
  const [assignee, setAssignee] = useState<number | null | undefined>(undefined);
  const [grid, sendGrid] = useMachine(itemsGridMachine, { input: { rows: id === null ? [blankItem('n0')] : [], point } });
  const [headerErrors, setHeaderErrors] = useState<FieldError[]>([]);
  /** The server's refusal of the items, and the rows it was about: each message lasts while its cell holds what was sent. */
  const [refused, setRefused] = useState<{ errors: FieldError[]; sent: DraftItem[] }>({ errors: [], sent: [] });
  /** A save was stopped by the items' own errors: from then on they follow the cells as typed (as the header form's do). */
  const [tried, setTried] = useState(false);
  /** How many saves the items' own errors stopped: the page moves the focus to the first one after each. */
  const [stopped, setStopped] = useState(0);
  const [saving, setSaving] = useState(false);
  const [clientPriceType, setClientPriceType] = useState<string | null>(null);
  /** Who holds the record, as a refusal (409 REGISTRO_TOMADO) named them. */
  const [takenBy, setTakenBy] = useState<string | null>(null);
  /** A draft put back (`recover`): pending until saved, and the version it was typed over, the one the save meets. */
  const [recovered, setRecovered] = useState<{ version: number | null } | null>(null);

  const show = useCallback(
    (stored: StoredRecord) => {
      setRecord(stored);
      setTakenBy(null);
      const h = headerOf(stored);
      setSeed(h);
      setFormData(h);
      setHeader(h);
      setAssignee(undefined);
      setRecovered(null);
      sendGrid({ type: 'LOAD', rows: draftOf(stored.items as Record<string, unknown>[] | undefined, point), point });
    },
    [sendGrid, point],
  );

  useEffect(() => {
    if (id === null) return;
    let live = true;
    if (tries) setLoad({ state: 'loading' });
    recordCalls.show(id).then(
      (r) => live && (show(r), setLoad({ state: 'ready' })),
      (e) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 403) setLoad({ state: 'forbidden', message: e.code && i18n.exists(`errors.${e.code}`) ? t(`errors.${e.code}`) : e.message });
        else if (isNotFound(e)) setLoad({ state: 'missing' });
        // no answer, a timeout, a server error: not "does not exist" (the page says why, with a retry)
        else setLoad({ state: 'failed', error: e });
      },
    );
    return () => {
      live = false;
    };
    // a record is loaded once per page (the page is keyed by its id), and again after a failed read when asked
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, tries]);

  // the client's price type picks the price list
  const cliente = typeof header.cliente === 'number' ? header.cliente : null;
  useEffect(() => {
    if (!place.activity.usa_listas_precio || cliente === null) return setClientPriceType(null);
    let live = true;
    recordCalls.clientPriceType(cliente).then(
      (p) => live && setClientPriceType(typeof p.tipo_precio === 'string' ? p.tipo_precio : null),
      () => live && setClientPriceType(null),
    );
    return () => {
      live = false;
    };
  }, [cliente, place.activity.usa_listas_precio]);

  // the cells are read with the decimal point they were typed with (`cells`), never the screen's: a language switch
  // re-writes them in the new language's first, so a "1.000" typed in Spanish is saved as the thousand it showed
  const { rows, point: cells } = grid.context;
  useEffect(() => {
    if (cells !== point) sendGrid({ type: 'REPOINT', point });
  }, [cells, point, sendGrid]);

  /**
   * What a save sends, and what keeps the items from being sent: the grid's own rules, then a day typed that is none
   * (a cheque's collection day: it says so, not what the schema makes of the text), then the schema's.
   */
  const checkItems = (formHeader: Record<string, unknown>) => {
    const { items, errors } = itemsPayload(rows, cells);
    const chosen = place.activity.modo_guardado === 'elegido' && assignee !== undefined ? { asignar_a: assignee } : {};
    const data = { ...headerOf(formHeader), flujo: place.flow.id, actividad: place.activity.id, items, ...chosen };
    const ownItems = (e: FieldError) => e.field.startsWith('items.') && !errors.some((x) => x.field === e.field);
    errors.push(...wrongDates(entity.schema, entity.ui, { items }).filter(ownItems));
    errors.push(...formFieldErrors(entity.schema as RJSFSchema, data).filter(ownItems));
    if (place.activity.cuerpo_requerido && !items.length) errors.push({ field: 'items', code: 'minItems', params: { min: 1 } });
    return { data, errors };
  };
  // checked as the user types: the totals leave out lines with wrong numbers, and after a stopped save the cells say why
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const itemCheck = useMemo(() => checkItems(header).errors, [rows, cells, header, place.activity]);

  const articles = useArticles(rows.map((r) => r.article));
  const pricing = useMemo(() => {
    const usesLists = place.activity.usa_listas_precio === true;
    const ctx = { usesLists, list: applicableList(usesLists, clientPriceType, place.activity.lista_precio), date: String(header.fecha ?? today()) };
    return priceDraft(rows, articles.get, ctx, cells, itemCheck);
    // articles.version: a newly loaded article prices its rows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, articles.version, clientPriceType, header.fecha, place.activity, cells, itemCheck]);

  const dirty = headerChanged(header, seed, EDITABLE_HEADER) || isDirty(grid.context) || assignee !== undefined || recovered !== null;
  /** The version a save meets: the one loaded, or the one a recovered draft was typed over (409 when stale). */
  const version = recovered ? recovered.version : ((record?.version as number | undefined) ?? null);
  const split = useMemo(
    () => splitItemErrors([...(tried ? itemCheck : []), ...standingErrors(refused.errors, refused.sent, rows)], rows),
    [tried, itemCheck, refused, rows],
  );
  const itemsError = split.other.find((e) => e.field === 'items');

  const failed = (e: unknown) => {
    if (!(e instanceof ApiError)) return;
    if (e.code === 'REGISTRO_TOMADO') {
      const holder = e.fieldErrors.find((f) => f.code === 'REGISTRO_TOMADO')?.params?.usuario;
      showError(`${t('errors.REGISTRO_TOMADO')} ${holder ? t('execution.heldBy', { usuario: holder }) : ''}`.trim());
      if (holder) setTakenBy(String(holder));
      return;
    }
    reportFailure(e);
  };

  /** What is wrong with the items as a whole (none where the activity needs one). */
  const itemsMessage = (e: FieldError) => t(`validation.${e.code}`, { min: 1, ...e.params, count: Number(e.params?.min ?? 1) });

  /** Saves header + items; resolves the stored record, or null when it could not be saved. */
  const save = async (formHeader: Record<string, unknown>): Promise<StoredRecord | null> => {
    const { data, errors } = checkItems(formHeader);
    setRefused({ errors: [], sent: rows });
    setHeaderErrors([]);
    if (errors.length) {
      setTried(true);
      setStopped((n) => n + 1);
      // no item at all where the activity needs one: say that, not "check the marked items" with none marked
      const none = errors.find((e) => e.field === 'items');
      showError(errors.length === 1 && none ? itemsMessage(none) : t('execution.fixItems'));
      return null;
    }
    setSaving(true);
    try {
      const stored = record ? await recordCalls.update(record.id, { ...data, version: version ?? record.version }) : await recordCalls.save(data);
      show(stored);
      showSuccess(t('entity.saved'));
      emitUpdateList();
      return stored;
    } catch (e) {
      if (e instanceof ApiError) {
        setHeaderErrors(e.fieldErrors.filter((f) => !f.field.startsWith('items')));
        setRefused({ errors: e.fieldErrors.filter((f) => f.field.startsWith('items')), sent: rows });
      }
      failed(e);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const act = async (call: () => Promise<StoredRecord>, done: string): Promise<StoredRecord | null> => {
    try {
      const stored = await call();
      show(stored);
      showSuccess(done);
      emitUpdateList();
      return stored;
    } catch (e) {
      failed(e);
      return null;
    }
  };

  return {
    entity,
    load,
    /** Reads the record again after a failed read. */
    retry: () => setTries((n) => n + 1),
    record,
    takenBy,
    seed,
    formData,
    header,
    setHeader,
    /** Puts a client just created or edited beside the form into the header (the rest as typed). */
    setClient: (id: number) => {
      const next = { ...header, cliente: id };
      setFormData(next);
      setHeader(next);
    },
    assignee,
    setAssignee,
    grid,
    sendGrid,
    articles,
    pricing,
    dirty,
    version,
    /** Shows a draft kept over a reload as typed, typed over `over` (its version): pending until saved. */
    recover: (kept: RecordDraft, over: number | null) => {
      const next = withKeptHeader(header, kept.header, EDITABLE_HEADER);
      setFormData(next);
      setHeader(next);
      if (kept.assignee !== undefined) setAssignee(kept.assignee);
      sendGrid({ type: 'RESTORE', rows: kept.items, point: kept.point });
      setRecovered({ version: over });
    },
    saving,
    stopped,
    headerErrors,
    itemCellErrors: split.cells,
    /** The items' own error (none where the activity needs one), as text. */
    itemsError: itemsError && itemsMessage(itemsError),
    save,
    take: () => act(() => recordCalls.take(record!.id), t('execution.taken')),
    release: () => act(() => recordCalls.release(record!.id), t('execution.released')),
    /** Moves along `step` (to `asignarA` where the next activity pre-assigns); throws when refused: the move dialog says why. */
    move: async (step: OfferedStep, asignarA?: number) => {
      try {
        const moved = await recordCalls.move(record!.id, { ...moveChoice(step), version: record!.version, ...(asignarA !== undefined ? { asignar_a: asignarA } : {}) });
        showSuccess('fin' in step.destino ? t('execution.move.closed') : t('execution.move.moved', { activity: step.destino.titulo }));
        emitUpdateList();
        return moved;
      } catch (e) {
        if (e instanceof ApiError && e.code === 'REGISTRO_TOMADO') failed(e);
        throw e;
      }
    },
  };
}
