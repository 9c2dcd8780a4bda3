import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { columnsDirty, columnsResettable, dataTableMachine, numberFilterError, requestQuery, type FetchPageInput, type Row, type SaveColumnsInput, type UpdateColumnInput } from './dataTable';
import { resolveEntity } from '../engine/metadata/resolve';
import type { ColumnsManifest, JsonSchema } from '../engine/metadata/types';
import type { ListReply } from '../engine/list/query';
import schema from '../schemas/categoria/schema.json';
import columns from '../schemas/categoria/columns.json';
import tareaSchema from '../schemas/tarea/schema.json';
import tareaColumns from '../schemas/tarea/columns.json';
import tareaUi from '../schemas/tarea/ui.json';
import type { DecimalPoint } from '../engine/records/decimal';

const entity = resolveEntity({ name: 'categoria', schema: schema as JsonSchema, columns: columns as ColumnsManifest });
const tarea = resolveEntity({ name: 'tarea', schema: tareaSchema as JsonSchema, columns: tareaColumns as ColumnsManifest, ui: tareaUi });
const ROWS: Row[] = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, nombre: `n${i + 1}`, orden: i }));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

interface Call {
  input: FetchPageInput;
  reply: ReturnType<typeof deferred<ListReply<Row>>>;
}

/** A machine whose fetches wait until the test answers them. */
function start(opts: { cols?: string[] | null; mainFilter?: { tipo?: string; parentid?: number }; of?: typeof entity; rows?: Row[]; point?: DecimalPoint } = {}) {
  const rows = opts.rows ?? ROWS;
  const calls: Call[] = [];
  const saves: SaveColumnsInput[] = [];
  const edits: UpdateColumnInput[] = [];
  const saveReply = deferred<void>();
  const machine = dataTableMachine.provide({
    actors: {
      fetchPage: fromPromise<ListReply<Row>, FetchPageInput>(({ input }) => {
        const reply = deferred<ListReply<Row>>();
        calls.push({ input, reply });
        return reply.promise;
      }),
      saveColumns: fromPromise<void, SaveColumnsInput>(({ input }) => (saves.push(input), saveReply.promise)),
      updateColumn: fromPromise<void, UpdateColumnInput>(async ({ input }) => void edits.push(input)),
      removeRow: fromPromise<void, { id: string | number }>(async () => undefined),
    },
  });
  const actor = createActor(machine, { input: { entity: opts.of ?? entity, mainFilter: opts.mainFilter, pageSize: 20, fetchSize: 20, decimalPoint: opts.point } }).start();
  const answer = async (i: number, total = rows.length, cols: string[] | null = opts.cols ?? null) => {
    const { offset, max } = calls[i].input;
    calls[i].reply.resolve({ total, rows: rows.slice(offset, offset + max), showableColumns: [], cols });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, calls, saves, edits, saveReply, answer, ctx: () => actor.getSnapshot().context };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('dataTable machine', () => {
  it('loads the first page sorted by nombre ascending, with the loading flag on meanwhile', async () => {
    const t = start();
    expect(t.ctx().loading).toBe(true);
    expect(t.calls[0].input).toMatchObject({ offset: 0, max: 20, query: { sort: 'nombre', sortOrder: 'asc', pattern: '' } });
    await t.answer(0);
    expect(t.ctx()).toMatchObject({ loading: false, total: 50 });
    expect(t.ctx().rows).toHaveLength(20);
  });

  it('debounces the search 300 ms and reloads from offset 0', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'SEARCH', pattern: 'a' });
    await vi.advanceTimersByTimeAsync(200);
    t.actor.send({ type: 'SEARCH', pattern: 'ab ' });
    await vi.advanceTimersByTimeAsync(299);
    expect(t.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1].input).toMatchObject({ offset: 0, query: { pattern: 'ab' } });
  });

  it('a filter under 2 characters does not filter (nor reload); main filter always goes along', async () => {
    const t = start({ mainFilter: { tipo: 'perfil_tipo', parentid: 4 } });
    await t.answer(0);
    t.actor.send({ type: 'FILTER', key: 'nombre', value: 'a' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls).toHaveLength(1);
    t.actor.send({ type: 'FILTER', key: 'nombre', value: 'ab' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls[1].input.query.filters).toEqual({ nombre: 'ab', tipo: 'perfil_tipo', parentid: 4 });
  });

  it('sort toggles asc/desc on the same field, starts asc on another, ignores unsortable fields', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'SORT', field: 'nombre' });
    expect(t.calls[1].input).toMatchObject({ offset: 0, query: { sort: 'nombre', sortOrder: 'desc' } });
    t.actor.send({ type: 'SORT', field: 'valor' });
    expect(t.calls[2].input.query).toMatchObject({ sort: 'valor', sortOrder: 'asc' });
    t.actor.send({ type: 'SORT', field: 'notas' });
    expect(t.calls).toHaveLength(3);
  });

  it('ignores a stale reply that finishes after a newer request', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'SORT', field: 'nombre' });
    t.actor.send({ type: 'SORT', field: 'nombre' });
    await t.answer(2, 7);
    await t.answer(1, 99);
    expect(t.ctx().total).toBe(7);
    expect(t.ctx().loading).toBe(false);
  });

  it('NEAR_END appends the next page only when more exist and nothing is loading', async () => {
    const t = start();
    t.actor.send({ type: 'NEAR_END' });
    expect(t.calls).toHaveLength(1);
    await t.answer(0);
    t.actor.send({ type: 'NEAR_END' });
    t.actor.send({ type: 'NEAR_END' });
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1].input).toMatchObject({ offset: 20, max: 20 });
    await t.answer(1);
    await (t.actor.send({ type: 'NEAR_END' }), t.answer(2));
    expect(t.ctx().rows.map((r) => r.id)).toEqual(ROWS.map((r) => r.id));
    t.actor.send({ type: 'NEAR_END' });
    expect(t.calls).toHaveLength(3);
  });

  it('with an estimated total, keeps loading while pages come back full, and the short page makes it exact', async () => {
    const t = start();
    const reply = (i: number, total: number) => {
      const { offset, max } = t.calls[i].input;
      t.calls[i].reply.resolve({ total, estimated: true, rows: ROWS.slice(offset, offset + max), showableColumns: [], cols: null });
      return vi.advanceTimersByTimeAsync(0);
    };
    // the estimate (30) is below the 50 rows there are: it must not stop the scroll at 30
    await reply(0, 30);
    expect(t.ctx()).toMatchObject({ total: 30, totalEstimated: true });
    await (t.actor.send({ type: 'NEAR_END' }), reply(1, 30));
    expect(t.ctx()).toMatchObject({ total: 41, totalEstimated: true });
    await (t.actor.send({ type: 'NEAR_END' }), reply(2, 30));
    expect(t.ctx().rows).toHaveLength(50);
    expect(t.ctx()).toMatchObject({ total: 50, totalEstimated: false });
    t.actor.send({ type: 'NEAR_END' });
    expect(t.calls).toHaveLength(3);
  });

  it('REFRESH reloads from 0, also while appending', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'NEAR_END' });
    t.actor.send({ type: 'REFRESH' });
    expect(t.calls[2].input.offset).toBe(0);
    await t.answer(1);
    await t.answer(2);
    expect(t.ctx().rows).toHaveLength(20);
  });

  it('a first page read again by the cache replaces the rows of the same query, unless the user scrolled on', async () => {
    const t = start();
    await t.answer(0);
    const key = t.ctx().loadedKey!;
    const fresh = (id: number) => ({ total: 51, rows: [{ id, nombre: 'nueva', orden: -1 }, ...ROWS.slice(0, 19)], showableColumns: [], cols: null });
    t.actor.send({ type: 'FIRST_PAGE', key: 'another query', reply: fresh(98) });
    expect(t.ctx().rows[0].id).toBe(1);
    t.actor.send({ type: 'FIRST_PAGE', key, reply: fresh(98) });
    expect([t.ctx().rows[0].id, t.ctx().total]).toEqual([98, 51]);
    // the page fetched behind the first one (it fills the view): still the top of the list
    t.actor.send({ type: 'NEAR_END' });
    await t.answer(1);
    expect(t.ctx().rows).toHaveLength(40);
    t.actor.send({ type: 'FIRST_PAGE', key, reply: fresh(99) });
    expect(t.ctx().rows.map((r) => r.id).slice(0, 1).concat(t.ctx().rows.length)).toEqual([99, 20]);
    // scrolled on: the rows stay
    for (const i of [2, 3]) {
      t.actor.send({ type: 'NEAR_END' });
      await t.answer(i);
    }
    expect(t.ctx().rows.length).toBeGreaterThan(40);
    const before = t.ctx().rows;
    t.actor.send({ type: 'FIRST_PAGE', key, reply: fresh(100) });
    expect(t.ctx().rows).toBe(before);
  });

  it('rows read again for as many as are loaded (a table shown again) replace them all', async () => {
    const t = start();
    await t.answer(0);
    for (const i of [1, 2]) {
      t.actor.send({ type: 'NEAR_END' });
      await t.answer(i);
    }
    const key = t.ctx().loadedKey!;
    const loaded = t.ctx().rows.length;
    expect(loaded).toBeGreaterThan(40);
    // one row less (removed elsewhere), read for all the loaded ones: the end of the list, the total exact
    const rows = ROWS.slice(1, loaded);
    t.actor.send({ type: 'FIRST_PAGE', key, reply: { total: 999, estimated: true, rows, showableColumns: [], cols: null }, covers: loaded });
    expect(t.ctx().rows).toBe(rows);
    expect(t.ctx()).toMatchObject({ total: loaded - 1, totalEstimated: false });
    // fewer rows than shown are no reading of them
    t.actor.send({ type: 'FIRST_PAGE', key, reply: { total: 5, rows: ROWS.slice(0, 5), showableColumns: [], cols: null }, covers: 5 });
    expect(t.ctx().rows).toBe(rows);
  });

  it('rows read again while the next page is on its way take their place; the page still follows them', async () => {
    const t = start();
    await t.answer(0);
    const key = t.ctx().loadedKey!;
    t.actor.send({ type: 'NEAR_END' });
    const renamed = ROWS.slice(0, 20).map((r) => ({ ...r, nombre: `${r.nombre}*` }));
    t.actor.send({ type: 'FIRST_PAGE', key, reply: { total: 50, rows: renamed, showableColumns: [], cols: null }, covers: 20 });
    expect(t.ctx().rows).toBe(renamed);
    // as many rows only: fewer would move the page on its way
    t.actor.send({ type: 'FIRST_PAGE', key, reply: { total: 50, rows: ROWS.slice(0, 19), showableColumns: [], cols: null }, covers: 20 });
    expect(t.ctx().rows).toBe(renamed);
    await t.answer(1);
    expect(t.ctx().rows.slice(0, 20)).toEqual(renamed);
    expect(t.ctx().rows).toHaveLength(40);
  });

  it('takes the saved choice from the first reply; saving makes the dirty flag go away', async () => {
    const t = start({ cols: ['nombre', 'notas'] });
    await t.answer(0);
    expect(t.ctx().visibleColumns).toEqual(['nombre', 'notas']);
    t.actor.send({ type: 'SAVE_COLUMNS' });
    expect(t.saves).toHaveLength(0);
    t.actor.send({ type: 'SET_COLUMNS', names: ['valor', 'nombre', 'actions'] });
    expect(t.ctx().visibleColumns).toEqual(['valor', 'nombre']);
    expect(t.actor.getSnapshot().matches({ columns: 'idle' })).toBe(true);
    t.actor.send({ type: 'SAVE_COLUMNS' });
    expect(t.saves).toEqual([{ tipo: 'cols-categoria', jsondata: '["valor","nombre"]' }]);
    t.saveReply.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().savedColumns).toEqual(['valor', 'nombre']);
    t.actor.send({ type: 'SET_COLUMNS', names: [] });
    expect(t.ctx().visibleColumns).toEqual(['valor', 'nombre']);
    // a new order of the same columns is a change to save
    t.actor.send({ type: 'SET_COLUMNS', names: ['nombre', 'valor'] });
    expect(columnsDirty(t.ctx())).toBe(true);
  });

  it('resetting forgets the saved choice: the defaults are shown and an empty choice is saved', async () => {
    const t = start({ cols: ['nombre', 'notas'] });
    await t.answer(0);
    const defaults = t.ctx().defaultColumns;
    expect(defaults).not.toEqual(['nombre', 'notas']);
    expect(columnsResettable(t.ctx())).toBe(true);
    t.actor.send({ type: 'RESET_COLUMNS' });
    expect(t.ctx().visibleColumns).toEqual(defaults);
    expect(t.saves).toEqual([{ tipo: 'cols-categoria', jsondata: '[]' }]);
    t.saveReply.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx()).toMatchObject({ savedColumns: defaults, ownChoice: false });
    expect(columnsDirty(t.ctx())).toBe(false);
    expect(columnsResettable(t.ctx())).toBe(false);
  });

  it('without a saved choice (or an empty one) the defaults show, and there is nothing to reset', async () => {
    for (const cols of [null, []]) {
      const t = start({ cols });
      await t.answer(0);
      expect(t.ctx().visibleColumns).toEqual(t.ctx().defaultColumns);
      expect(columnsResettable(t.ctx())).toBe(false);
      t.actor.send({ type: 'SET_COLUMNS', names: ['nombre'] });
      expect(columnsResettable(t.ctx())).toBe(true);
    }
  });

  it('a dragged width is saved with the choice at once; the first reply brings saved widths back; reset forgets them', async () => {
    const t = start({ cols: ['nombre', 'notas'] });
    t.calls[0].reply.resolve({ total: 2, rows: ROWS.slice(0, 2), showableColumns: [], cols: ['nombre', 'notas'], widths: { notas: 300 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().widths).toEqual({ notas: 300 });
    t.actor.send({ type: 'SET_WIDTHS', widths: { notas: 300 } });
    expect(t.saves).toEqual([]); // nothing changed
    t.actor.send({ type: 'SET_WIDTHS', widths: { notas: 300, nombre: 180.6 } });
    expect(t.ctx().widths).toEqual({ notas: 300, nombre: 181 });
    expect(t.saves).toEqual([{ tipo: 'cols-categoria', jsondata: JSON.stringify({ columns: ['nombre', 'notas'], widths: { notas: 300, nombre: 181 } }) }]);
    t.saveReply.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().savedWidths).toEqual({ notas: 300, nombre: 181 });
    expect(columnsDirty(t.ctx())).toBe(false);
    t.actor.send({ type: 'RESET_COLUMNS' });
    expect(t.ctx().widths).toEqual({});
    expect(t.saves.at(-1)).toEqual({ tipo: 'cols-categoria', jsondata: '[]' });
  });

  it('widths of a user without an own column choice are saved with an empty list (the defaults stay theirs)', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'SET_WIDTHS', widths: { nombre: 200 } });
    expect(t.saves).toEqual([{ tipo: 'cols-categoria', jsondata: '{"columns":[],"widths":{"nombre":200}}' }]);
  });

  it('a reload does not cancel a save in flight (parallel regions)', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'SET_COLUMNS', names: ['nombre'] });
    t.actor.send({ type: 'SAVE_COLUMNS' });
    t.actor.send({ type: 'REFRESH' });
    t.actor.send({ type: 'SEARCH', pattern: 'zz' });
    t.saveReply.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx().savedColumns).toEqual(['nombre']);
  });

  it('saves under a key with the main filter tipo', async () => {
    const t = start({ mainFilter: { tipo: 'perfil_tipo' } });
    await t.answer(0);
    t.actor.send({ type: 'SET_COLUMNS', names: ['nombre'] });
    t.actor.send({ type: 'SAVE_COLUMNS' });
    expect(t.saves[0].tipo).toBe('cols-categoria-perfil_tipo');
  });

  it('hiding the filter row clears active filters and reloads', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'TOGGLE_FILTERS' });
    expect(t.ctx().filterRowVisible).toBe(true);
    t.actor.send({ type: 'FILTER', key: 'grupo', value: 'xy' });
    await vi.advanceTimersByTimeAsync(300);
    await t.answer(1);
    t.actor.send({ type: 'TOGGLE_FILTERS' });
    expect(t.ctx().filterRowVisible).toBe(false);
    expect(t.calls[2].input.query.filters).toEqual({});
  });

  it('inline edit sends the typed value and patches the row; a bad number stays at its cell with the reason', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'UPDATE_CELL', rowId: 2, field: 'orden', text: 'x' });
    expect(t.ctx().error).toBeNull();
    expect(t.ctx().cellError).toEqual({ rowId: 2, field: 'orden', text: 'x', code: 'VALIDATION_FAILED', errors: [{ field: 'orden', code: 'type', params: { type: 'integer' } }] });
    expect(t.edits).toEqual([]);
    t.actor.send({ type: 'UPDATE_CELL', rowId: 2, field: 'orden', text: '7' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.edits).toEqual([{ rowid: 2, tablename: 'categoria', colname: 'orden', colvalue: 7 }]);
    expect(t.ctx().rows[1].orden).toBe(7);
    expect(t.ctx().cellError).toBeNull();
  });

  describe('inline edit in the user\'s language (a task: days, hours, order)', () => {
    const TASKS: Row[] = [{ id: 1, titulo: 'Relevar', fecha_inicio_estimada: '2026-12-01', horas_asignadas: 1.5, orden: 3, version: 1 }];

    it('reads "2,25" hours in Spanish, "2.25" after switching to English', async () => {
      const t = start({ of: tarea, rows: TASKS });
      await t.answer(0);
      expect(t.ctx().decimalPoint).toBe(',');
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'horas_asignadas', text: '2,25' });
      await vi.advanceTimersByTimeAsync(0);
      t.actor.send({ type: 'SET_DECIMAL_POINT', point: '.' });
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'horas_asignadas', text: '1,234.5' });
      await vi.advanceTimersByTimeAsync(0);
      expect(t.edits.map((e) => e.colvalue)).toEqual([2.25, 1234.5]);
      expect(t.ctx().rows[0].horas_asignadas).toBe(1234.5);
    });

    it('an English user\'s "1,5" is no number of hours, and contradicting separators say so', async () => {
      const t = start({ of: tarea, rows: TASKS, point: '.' });
      await t.answer(0);
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'orden', text: '1.5' });
      expect(t.ctx().cellError?.errors).toEqual([{ field: 'orden', code: 'type', params: { type: 'integer' } }]);
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'horas_asignadas', text: '2,5.3' });
      expect(t.ctx().cellError?.errors).toEqual([{ field: 'horas_asignadas', code: 'decimalSeparators' }]);
      expect(t.edits).toEqual([]);
    });

    it('sends a day typed dd/mm/yyyy as the ISO day; a day that does not exist stays at its cell', async () => {
      const t = start({ of: tarea, rows: TASKS });
      await t.answer(0);
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'fecha_inicio_estimada', text: '31/02/2026' });
      expect(t.ctx().cellError).toEqual({
        rowId: 1, field: 'fecha_inicio_estimada', text: '31/02/2026', code: 'VALIDATION_FAILED', errors: [{ field: 'fecha_inicio_estimada', code: 'date' }],
      });
      expect(t.edits).toEqual([]);
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'fecha_inicio_estimada', text: '15/12/2026' });
      await vi.advanceTimersByTimeAsync(0);
      expect(t.edits).toEqual([{ rowid: 1, tablename: 'tarea', colname: 'fecha_inicio_estimada', colvalue: '2026-12-15', version: 1 }]);
      expect(t.ctx().rows[0].fecha_inicio_estimada).toBe('2026-12-15');
      expect(t.ctx().cellError).toBeNull();
      // blank clears the day
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'fecha_inicio_estimada', text: '' });
      await vi.advanceTimersByTimeAsync(0);
      expect(t.edits[1].colvalue).toBeNull();
    });

    it('a day stored with its time keeps the time when the day is retyped', async () => {
      const ui = { ...tareaUi, fecha_inicio_estimada: { 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD HH:mm:ss' } } };
      const timed = resolveEntity({ name: 'tarea', schema: tareaSchema as JsonSchema, columns: tareaColumns as ColumnsManifest, ui });
      const t = start({ of: timed, rows: [{ ...TASKS[0], fecha_inicio_estimada: '2026-12-01 08:30:00' }] });
      await t.answer(0);
      t.actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'fecha_inicio_estimada', text: '15/12/2026' });
      await vi.advanceTimersByTimeAsync(0);
      expect(t.edits.map((e) => e.colvalue)).toEqual(['2026-12-15 08:30:00']);
    });
  });

  it('a cell edit the server refuses keeps the typed text and the reason at the cell until cancelled; the row keeps its value', async () => {
    const refusal = Object.assign(new Error('refused'), { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'valor', code: 'maxLength', params: { max: 120 } }] });
    const machine = dataTableMachine.provide({
      actors: {
        fetchPage: fromPromise<ListReply<Row>, FetchPageInput>(async () => ({ total: 2, rows: ROWS.slice(0, 2), showableColumns: [], cols: null })),
        updateColumn: fromPromise<void, UpdateColumnInput>(async () => {
          throw refusal;
        }),
      },
    });
    const actor = createActor(machine, { input: { entity } }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'UPDATE_CELL', rowId: 1, field: 'valor', text: 'y'.repeat(130) });
    await vi.advanceTimersByTimeAsync(0);
    const c = actor.getSnapshot().context;
    expect(c.cellError).toEqual({ rowId: 1, field: 'valor', text: 'y'.repeat(130), code: 'VALIDATION_FAILED', errors: refusal.fieldErrors });
    expect(c.error).toBeNull();
    expect(c.rows[0].valor).toBeUndefined();
    actor.send({ type: 'CANCEL_CELL' });
    expect(actor.getSnapshot().context.cellError).toBeNull();
  });

  it('inline edit sends the version the row was listed with, and the row takes the next one', async () => {
    const t = start({ rows: ROWS.map((r) => ({ ...r, version: 3 })) });
    await t.answer(0);
    t.actor.send({ type: 'UPDATE_CELL', rowId: 2, field: 'orden', text: '9' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.edits).toEqual([{ rowid: 2, tablename: 'categoria', colname: 'orden', colvalue: 9, version: 3 }]);
    expect(t.ctx().rows[1]).toMatchObject({ orden: 9, version: 4 });
  });

  it('a number column filters with one digit, and sends nothing while its filter is not a number', async () => {
    const t = start();
    await t.answer(0);
    const orden = entity.columns.find((c) => c.name === 'orden')!;
    t.actor.send({ type: 'TOGGLE_FILTERS' });
    t.actor.send({ type: 'FILTER', key: 'orden', value: 'cinco' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls).toHaveLength(1);
    expect(numberFilterError(orden, 'cinco', ',')).toEqual({ field: 'orden', code: 'type', params: { type: 'integer' } });
    t.actor.send({ type: 'FILTER', key: 'orden', value: '5' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls[1].input.query.filters).toEqual({ orden: 5 });
    expect(numberFilterError(orden, '5', ',')).toBeNull();
  });

  describe('number filters in the user\'s language, read as a cell edit reads them', () => {
    /** The filters sent after typing `value` in the filter of `key`, or undefined when nothing was asked. */
    async function filtered(key: string, value: string, point?: DecimalPoint) {
      const t = start({ of: tarea, point });
      await t.answer(0);
      t.actor.send({ type: 'TOGGLE_FILTERS' });
      t.actor.send({ type: 'FILTER', key, value });
      await vi.advanceTimersByTimeAsync(300);
      return t.calls[1]?.input.query.filters;
    }
    const hours = tarea.columns.find((c) => c.name === 'horas_asignadas')!;
    const order = tarea.columns.find((c) => c.name === 'orden')!;

    it('Spanish: "1,5" is one and a half, "1.000" a thousand, sent as JSON numbers', async () => {
      expect(await filtered('horas_asignadas', '1,5')).toEqual({ horas_asignadas: 1.5 });
      expect(await filtered('horas_asignadas', '1.000')).toEqual({ horas_asignadas: 1000 });
      expect(await filtered('orden', '1.000')).toEqual({ orden: 1000 });
      expect(numberFilterError(hours, '1,5', ',')).toBeNull();
    });

    it('English: "1,000.5" is a thousand and a half', async () => {
      expect(await filtered('horas_asignadas', '1,000.5', '.')).toEqual({ horas_asignadas: 1000.5 });
    });

    it('contradicting separators are refused as a cell edit refuses them, and nothing is asked', async () => {
      expect(await filtered('horas_asignadas', '2,5.3')).toBeUndefined();
      expect(numberFilterError(hours, '2,5.3', ',')).toEqual({ field: 'horas_asignadas', code: 'decimalSeparators' });
      expect(numberFilterError(hours, '2,5.3', '.')).toEqual({ field: 'horas_asignadas', code: 'decimalSeparators' });
    });

    it('an integer column refuses a fraction, and more than ten digits', async () => {
      expect(await filtered('orden', '1,5')).toBeUndefined();
      expect(numberFilterError(order, '1,5', ',')).toEqual({ field: 'orden', code: 'type', params: { type: 'integer' } });
      expect(numberFilterError(order, '1.5', '.')).toEqual({ field: 'orden', code: 'type', params: { type: 'integer' } });
      expect(numberFilterError(order, '99999999999', ',')).toEqual({ field: 'orden', code: 'type', params: { type: 'integer' } });
      expect(numberFilterError(order, '9999999999', ',')).toBeNull();
    });

    it('a filter typed in Spanish reads with the new decimal point after a language switch', async () => {
      const t = start({ of: tarea });
      await t.answer(0);
      t.actor.send({ type: 'TOGGLE_FILTERS' });
      t.actor.send({ type: 'FILTER', key: 'horas_asignadas', value: '1.000' });
      await vi.advanceTimersByTimeAsync(300);
      expect(t.calls[1].input.query.filters).toEqual({ horas_asignadas: 1000 });
      await t.answer(1);
      t.actor.send({ type: 'SET_DECIMAL_POINT', point: '.' });
      t.actor.send({ type: 'REFRESH' });
      expect(t.calls[2].input.query.filters).toEqual({ horas_asignadas: 1 });
    });
  });

  it('a picked filter (a reference or an enum column) filters at once, even with one character', async () => {
    const articulo = resolveEntity({
      name: 'articulo',
      schema: { type: 'object', properties: { nombre: { type: 'string' }, categoria: { type: 'integer', 'x-ref': 'categoria' }, estado: { type: 'string', enum: ['a', 'b'] } } },
      columns: { columns: ['nombre', 'categoria', 'estado'] },
    });
    const t = start({ of: articulo });
    await t.answer(0);
    t.actor.send({ type: 'TOGGLE_FILTERS' });
    t.actor.send({ type: 'FILTER', key: 'categoria', value: '5' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls[1].input.query.filters).toEqual({ categoria: '5' });
    await t.answer(1);
    t.actor.send({ type: 'FILTER', key: 'estado', value: 'b' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls[2].input.query.filters).toEqual({ categoria: '5', estado: 'b' });
    await t.answer(2);
    // a typed text filter still waits for its second character
    t.actor.send({ type: 'FILTER', key: 'nombre', value: 'x' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.calls).toHaveLength(3);
  });

  it('remove drops the row, lowers the total and emits removed', async () => {
    const t = start();
    await t.answer(0);
    const removed = vi.fn();
    t.actor.on('removed', removed);
    t.actor.send({ type: 'REMOVE', rowId: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(removed).toHaveBeenCalledWith({ type: 'removed', rowId: 3 });
    expect(t.ctx().total).toBe(49);
    expect(t.ctx().rows.some((r) => r.id === 3)).toBe(false);
  });

  it('a failed load keeps the rows and reports the code', async () => {
    const t = start();
    await t.answer(0);
    t.actor.send({ type: 'REFRESH' });
    t.calls[1].reply.reject({ code: 'FORBIDDEN' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.ctx()).toMatchObject({ loading: false, error: { action: 'load', code: 'FORBIDDEN' } });
    expect(t.ctx().rows).toHaveLength(20);
  });

  it('requestQuery trims the pattern and sends the visible columns', () => {
    expect(
      requestQuery({ query: { pattern: ' x ', filters: { a: ' bc ' }, sort: 'nombre', sortOrder: 'asc' }, mainFilter: {}, visibleColumns: ['nombre'], columns: [], decimalPoint: ',' }),
    ).toEqual({ pattern: 'x', sort: 'nombre', sortOrder: 'asc', filters: { a: 'bc' }, cols: ['nombre'] });
  });
});
