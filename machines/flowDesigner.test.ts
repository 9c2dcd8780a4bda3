import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sameMeaning } from '../engine/flow/edit';
import { flowDesignerMachine } from './flowDesigner';
import { graphOf, isDirty, redoable, sameHeader, undoable, type SaveInput, type StoredFlow, type VerifyInput } from './flowDesignerModel';

/**
 * A server in memory: saves give ids to the rows and keep a flow verified only when its graph means the same; verify (with the edits it is sent, if any) answers FLOW_INVALID
 * with the problems given, storing nothing, or stores the edits verified.
 */
function fakeServer(opts: { invalid?: { code: string; nodes: string[] }[]; stored?: StoredFlow } = {}) {
  let rowId = 100;
  const saves: SaveInput[] = [];
  let stored: StoredFlow | null = opts.stored ?? null;
  const withIds = (rows: unknown) => (rows as object[]).map((r) => ({ id: (r as { id?: number }).id ?? ++rowId, ...r }));
  const save = vi.fn(async (input: SaveInput) => {
    saves.push(input);
    const verificado = stored?.verificado === true && sameMeaning(graphOf(stored), graphOf(input.record));
    stored = { ...input.record, nodos: withIds(input.record.nodos), conexiones: withIds(input.record.conexiones), id: input.id ?? 7, version: (input.version ?? 0) + 1, verificado };
    return stored;
  });
  const verify = vi.fn(async ({ id, draft }: VerifyInput) => {
    if (opts.invalid) throw Object.assign(new Error('invalid'), { code: 'FLOW_INVALID', fieldErrors: opts.invalid.map((p) => ({ field: 'nodos', ...p })) });
    const record = draft ? { ...draft.record, nodos: withIds(draft.record.nodos), conexiones: withIds(draft.record.conexiones) } : stored!;
    stored = { ...record, id, version: stored!.version + 1, verificado: true };
    return stored;
  });
  return { saves, save, verify, stored: () => stored };
}

function start(server = fakeServer(), flow: StoredFlow | null = null) {
  const failed = vi.fn();
  const saved = vi.fn();
  const verified = vi.fn();
  const refusedVerify = vi.fn();
  const confirmWithdraw = vi.fn();
  const machine = flowDesignerMachine.provide({
    actors: { save: fromPromise(({ input }) => server.save(input)), verify: fromPromise(({ input }) => server.verify(input)) },
    actions: {
      failed: (_, p) => failed(p.error),
      saved: (_, flow) => saved(flow),
      verified,
      refusedVerify: (_, p) => refusedVerify(p.problems),
      confirmWithdraw: (_, p) => confirmWithdraw(p.problems),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'LOADED', flow });
  return { actor, failed, saved, verified, refusedVerify, confirmWithdraw, ctx: () => actor.getSnapshot().context };
}

/** A stored, verified flow: start -> activity 1 -> end, its rows with ids. */
const live = (): StoredFlow => ({
  id: 3,
  version: 4,
  nombre: 'Ventas',
  verificado: true,
  nodos: [
    { id: 11, clave: 'inicio', tipo: 'inicio', x: 0, y: 0 },
    { id: 12, clave: 'pedido', tipo: 'actividad', actividad: 1, x: 0, y: 150 },
    { id: 13, clave: 'fin', tipo: 'fin', x: 0, y: 300 },
  ],
  conexiones: [
    { id: 21, desde: 'inicio', hacia: 'pedido' },
    { id: 22, desde: 'pedido', hacia: 'fin' },
  ],
});

describe('flow designer machine', () => {
  it('keeps an answer whose activity would be left without a way in, and says which (spec §5)', () => {
    const refused = vi.fn();
    const flow: StoredFlow = {
      id: 3,
      version: 1,
      nombre: 'Aprobación',
      nodos: [
        { clave: 'q', tipo: 'pregunta', texto: '¿Sí?', x: 0, y: 0 },
        { clave: 'si', tipo: 'respuesta', texto: 'Sí', x: 0, y: 100 },
        { clave: 'no', tipo: 'respuesta', texto: 'No', x: 100, y: 100 },
        { clave: 'a', tipo: 'actividad', actividad: 1, x: 0, y: 200 },
        { clave: 'b', tipo: 'actividad', actividad: 2, x: 100, y: 200 },
      ],
      conexiones: [
        { desde: 'q', hacia: 'si' },
        { desde: 'q', hacia: 'no' },
        { desde: 'si', hacia: 'a' },
        { desde: 'no', hacia: 'b' },
        { desde: 'a', hacia: 'b' },
      ],
    };
    const actor = createActor(flowDesignerMachine.provide({ actions: { refusedRemoval: (_, p) => refused(p.orphans) } })).start();
    actor.send({ type: 'LOADED', flow });
    actor.send({ type: 'REMOVE', nodes: ['si'], connections: [] });
    expect(refused).toHaveBeenCalledWith(['a']);
    expect(actor.getSnapshot().context.history.present.nodos.map((n) => n.clave)).toContain('si');
    expect(actor.getSnapshot().context.focus?.clave).toBe('a');
    // "b" has another way in: its answer goes
    actor.send({ type: 'REMOVE', nodes: ['no'], connections: [] });
    expect(actor.getSnapshot().context.history.present.nodos.map((n) => n.clave)).not.toContain('no');
    // with its activity, the answer goes too
    actor.send({ type: 'REMOVE', nodes: ['si', 'a'], connections: [] });
    expect(actor.getSnapshot().context.history.present.nodos.map((n) => n.clave)).toEqual(['q', 'b']);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('edits, undoes and redoes; typing into one text is one step', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'ADD', tipo: 'inicio', at: { x: 0, y: 0 } });
    actor.send({ type: 'ADD', tipo: 'pregunta', at: { x: 0, y: 0 }, after: 'n1' });
    expect(ctx().focus).toEqual({ clave: 'n2', n: 2 });
    for (const texto of ['¿', '¿A', '¿Aprobado?']) actor.send({ type: 'UPDATE_NODE', clave: 'n2', changes: { texto } });
    expect(ctx().history.present.nodos[1].texto).toBe('¿Aprobado?');
    actor.send({ type: 'UNDO' });
    expect(ctx().history.present.nodos[1].texto).toBe('');
    actor.send({ type: 'UNDO' });
    expect(ctx().history.present.nodos).toHaveLength(1);
    expect(redoable(ctx())).toBe(true);
    actor.send({ type: 'REDO' });
    actor.send({ type: 'REDO' });
    expect(ctx().history.present.nodos[1].texto).toBe('¿Aprobado?');
    actor.send({ type: 'REMOVE', nodes: ['n2'], connections: [] });
    expect(ctx().history.present.conexiones).toEqual([]);
    expect(undoable(ctx())).toBe(true);
  });

  it('lays out a stored flow without positions as no change of the user\'s; the next save keeps the places', async () => {
    const flow = { id: 3, version: 1, nombre: 'F', nodos: [{ clave: 'a', tipo: 'inicio' }, { clave: 'b', tipo: 'fin' }], conexiones: [{ desde: 'a', hacia: 'b' }] };
    const server = fakeServer();
    const { actor, ctx } = start(server, flow);
    expect(ctx().history.present.nodos.every((n) => typeof n.x === 'number')).toBe(true);
    expect(ctx().header).toEqual({ nombre: 'F' });
    // opened and left alone: nothing unsaved to warn of
    expect(isDirty(ctx())).toBe(false);
    expect(undoable(ctx())).toBe(false);
    actor.send({ type: 'UPDATE_NODE', clave: 'b', changes: { texto: 'Listo' } });
    expect(isDirty(ctx())).toBe(true);
    actor.send({ type: 'SAVE', header: { nombre: 'F', verificado: false } });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }) && server.saves.length === 1);
    expect((server.saves[0].record as { nodos: { x?: unknown }[] }).nodos.every((n) => typeof n.x === 'number')).toBe(true);
  });

  it('saves a new flow with its header and graph, then updates it at its version with the rows it was given', async () => {
    const server = fakeServer();
    const { actor, ctx, saved } = start(server);
    actor.send({ type: 'ADD', tipo: 'inicio', at: { x: 0, y: 0 } });
    actor.send({ type: 'SAVE', header: { nombre: 'Compras', verificado: false } });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }) && server.saves.length === 1);
    expect(server.saves[0]).toMatchObject({ id: null, record: { nombre: 'Compras', nodos: [{ clave: 'n1', tipo: 'inicio' }], conexiones: [] } });
    expect(saved).toHaveBeenCalledOnce();
    expect(ctx()).toMatchObject({ id: 7, version: 1 });
    expect(isDirty(ctx())).toBe(false);

    actor.send({ type: 'ADD', tipo: 'fin', at: { x: 0, y: 0 }, after: 'n1' });
    expect(isDirty(ctx())).toBe(true);
    actor.send({ type: 'SAVE', header: { nombre: 'Compras' } });
    await waitFor(actor, () => server.saves.length === 2);
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(server.saves[1]).toMatchObject({ id: 7, version: 1 });
    // the start step goes back with its row id; the new end step without one
    expect(server.saves[1].record.nodos).toEqual([expect.objectContaining({ clave: 'n1', id: 101 }), expect.not.objectContaining({ id: expect.anything() })]);
  });

  it('an edit made while the save is on its way stays unsaved', async () => {
    let release!: () => void;
    const server = fakeServer();
    const slow = { ...server, save: async (input: SaveInput) => (await new Promise<void>((r) => (release = r)), server.save(input)) };
    const { actor, ctx } = start(slow as typeof server);
    actor.send({ type: 'ADD', tipo: 'inicio', at: { x: 0, y: 0 } });
    actor.send({ type: 'SAVE', header: { nombre: 'F' } });
    await waitFor(actor, (s) => s.matches({ open: 'saving' }));
    actor.send({ type: 'ADD', tipo: 'fin', at: { x: 0, y: 0 }, after: 'n1' });
    release();
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(ctx().history.present.nodos).toHaveLength(2);
    expect(isDirty(ctx())).toBe(true);
  });

  it('verify saves a new flow first, then verifies; unchanged, it only verifies; edits go with the verify', async () => {
    const server = fakeServer();
    const { actor, ctx, verified } = start(server);
    actor.send({ type: 'ADD', tipo: 'inicio', at: { x: 0, y: 0 } });
    actor.send({ type: 'ADD', tipo: 'fin', at: { x: 0, y: 0 }, after: 'n1' });
    actor.send({ type: 'VERIFY', header: { nombre: 'F' } });
    await waitFor(actor, () => verified.mock.calls.length === 1);
    expect(server.save).toHaveBeenCalledOnce();
    expect(server.verify).toHaveBeenLastCalledWith({ id: 7 });
    expect(ctx().header.verificado).toBe(true);
    expect(ctx().version).toBe(2);

    actor.send({ type: 'VERIFY', header: { nombre: 'F', verificado: true } });
    await waitFor(actor, () => verified.mock.calls.length === 2);
    expect(server.save).toHaveBeenCalledOnce();
    expect(server.verify).toHaveBeenLastCalledWith({ id: 7 });
    // a changed header goes with the verify, in the same call: no save of its own
    actor.send({ type: 'VERIFY', header: { nombre: 'G' } });
    await waitFor(actor, () => verified.mock.calls.length === 3);
    expect(server.save).toHaveBeenCalledOnce();
    expect(server.verify).toHaveBeenLastCalledWith({ id: 7, draft: { version: 3, record: expect.objectContaining({ nombre: 'G', nodos: expect.any(Array), conexiones: expect.any(Array) }) } });
    expect(ctx()).toMatchObject({ version: 4, header: { nombre: 'G', verificado: true }, draft: null });
  });

  it('verify with problems in the drawing stores nothing, keeps the edits and points at the first step with one', async () => {
    const server = fakeServer({ stored: live() });
    const { actor, ctx, refusedVerify, failed } = start(server, live());
    // the tester's steps: a step selected, "+ Subflujo" after it, not saved, "Verificar"
    actor.send({ type: 'ADD', tipo: 'subflujo', at: { x: 0, y: 0 }, after: 'pedido' });
    actor.send({ type: 'FOCUS', clave: 'inicio' });
    actor.send({ type: 'VERIFY', header: { nombre: 'Ventas', verificado: true } });
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    expect(server.save).not.toHaveBeenCalled();
    expect(server.verify).not.toHaveBeenCalled();
    expect(failed).not.toHaveBeenCalled();
    expect(refusedVerify).toHaveBeenCalledOnce();
    expect(refusedVerify.mock.calls[0][0]).toEqual(expect.arrayContaining([{ code: 'FLGR1005', nodes: ['n4'] }]));
    expect(ctx().focus?.clave).toBe('n4');
    expect(ctx()).toMatchObject({ id: 3, version: 4, header: { verificado: true } });
    expect(isDirty(ctx())).toBe(true);
    expect(server.stored()).toEqual(live());
  });

  it('verify asks the browser\'s knowledge too: a step naming an activity that does not exist is refused before any call', () => {
    const server = fakeServer({ stored: live() });
    const { actor, refusedVerify } = start(server, live());
    actor.send({ type: 'UPDATE_NODE', clave: 'pedido', changes: { actividad: 99 } });
    actor.send({ type: 'VERIFY', header: { nombre: 'Ventas' }, known: { activityExists: (id) => id !== 99 } });
    expect(refusedVerify.mock.calls[0][0]).toEqual([{ code: 'FLGR1004', nodes: ['pedido'] }]);
    expect(server.verify).not.toHaveBeenCalled();
  });

  it('a refused verify keeps the server problems until the next edit, stores nothing, and tells the user', async () => {
    const server = fakeServer({ invalid: [{ code: 'FLGR1004', nodes: ['pedido'] }], stored: live() });
    const { actor, ctx, failed } = start(server, live());
    actor.send({ type: 'UPDATE_NODE', clave: 'pedido', changes: { actividad: 9 } });
    actor.send({ type: 'VERIFY', header: { nombre: 'Ventas' } });
    await waitFor(actor, () => failed.mock.calls.length === 1);
    expect(failed.mock.calls[0][0]).toMatchObject({ code: 'FLOW_INVALID' });
    expect(server.save).not.toHaveBeenCalled();
    expect(ctx().serverProblems).toEqual([{ code: 'FLGR1004', nodes: ['pedido'] }]);
    // the edit is still unsaved, the flow as it was
    expect(isDirty(ctx())).toBe(true);
    expect(ctx()).toMatchObject({ version: 4, header: { verificado: true }, sent: null, draft: null });
    actor.send({ type: 'UPDATE_NODE', clave: 'pedido', changes: { actividad: 4 } });
    expect(ctx().serverProblems).toEqual([]);
  });

  it('edits verified with the verify are stored: the rows take their ids; an edit made meanwhile stays unsaved', async () => {
    let release!: () => void;
    const server = fakeServer({ stored: live() });
    const slow = { ...server, verify: async (input: VerifyInput) => (await new Promise<void>((r) => (release = r)), server.verify(input)) };
    const { actor, ctx, verified } = start(slow as typeof server, live());
    actor.send({ type: 'ADD', tipo: 'actividad', at: { x: 0, y: 0 }, after: 'pedido' });
    actor.send({ type: 'UPDATE_NODE', clave: 'n4', changes: { actividad: 2 } });
    actor.send({ type: 'CONNECT', desde: 'n4', hacia: 'fin' });
    actor.send({ type: 'VERIFY', header: { nombre: 'Ventas' } });
    await waitFor(actor, (s) => s.matches({ open: 'verifying' }));
    actor.send({ type: 'UPDATE_NODE', clave: 'n4', changes: { actividad: 3 } });
    release();
    await waitFor(actor, () => verified.mock.calls.length === 1);
    expect(ctx().saved.nodos.find((n) => n.clave === 'n4')).toMatchObject({ actividad: 2, id: expect.any(Number) });
    expect(ctx().history.present.nodos.find((n) => n.clave === 'n4')).toMatchObject({ actividad: 3, id: expect.any(Number) });
    expect(isDirty(ctx())).toBe(true);
    expect(ctx()).toMatchObject({ version: 5, header: { verificado: true } });
  });

  it('a refused save keeps the edits and hands the field errors to the form', async () => {
    const server = fakeServer();
    server.save.mockRejectedValueOnce(Object.assign(new Error('dup'), { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'nombre', code: 'unique' }] }));
    const { actor, ctx, failed } = start(server);
    actor.send({ type: 'ADD', tipo: 'inicio', at: { x: 0, y: 0 } });
    actor.send({ type: 'ADD', tipo: 'fin', at: { x: 0, y: 0 }, after: 'n1' });
    actor.send({ type: 'VERIFY', header: { nombre: 'F' } });
    await waitFor(actor, () => failed.mock.calls.length === 1);
    expect(ctx()).toMatchObject({ id: null, serverErrors: [{ field: 'nombre', code: 'unique' }], verifyAfterSave: false });
    expect(server.verify).not.toHaveBeenCalled();
    expect(isDirty(ctx())).toBe(true);
  });

  it('headers compare without the verified flag and empty values', () => {
    expect(sameHeader({ nombre: 'A', verificado: true, descripcion: '' }, { nombre: 'A' })).toBe(true);
    expect(sameHeader({ nombre: 'A', tarjeta: { color: 'azul' } }, { nombre: 'A' })).toBe(false);
  });

  describe('save of a live flow whose graph changed', () => {
    it('a drawing that passes goes with the verify: stored verified, still in use, said as a save', async () => {
      const server = fakeServer({ stored: live() });
      const { actor, ctx, saved, verified, confirmWithdraw } = start(server, live());
      actor.send({ type: 'UPDATE_NODE', clave: 'pedido', changes: { actividad: 2 } });
      actor.send({ type: 'SAVE', header: { nombre: 'Ventas', verificado: true } });
      await waitFor(actor, () => saved.mock.calls.length === 1);
      expect(server.save).not.toHaveBeenCalled();
      expect(server.verify).toHaveBeenCalledWith({ id: 3, draft: { version: 4, record: expect.objectContaining({ nombre: 'Ventas', nodos: expect.any(Array) }) } });
      expect(verified).not.toHaveBeenCalled();
      expect(confirmWithdraw).not.toHaveBeenCalled();
      expect(ctx()).toMatchObject({ version: 5, header: { verificado: true }, savingLive: false, draft: null });
      expect(isDirty(ctx())).toBe(false);
    });

    it('one with problems is held back until the user chooses; `withdraw` stores it unverified', async () => {
      const server = fakeServer({ stored: live() });
      const { actor, ctx, saved, confirmWithdraw } = start(server, live());
      actor.send({ type: 'ADD', tipo: 'subflujo', at: { x: 0, y: 0 }, after: 'pedido' });
      actor.send({ type: 'FOCUS', clave: 'inicio' });
      actor.send({ type: 'SAVE', header: { nombre: 'Ventas' } });
      expect(confirmWithdraw.mock.calls[0][0]).toEqual(expect.arrayContaining([{ code: 'FLGR1005', nodes: ['n4'] }]));
      expect(ctx().focus?.clave).toBe('n4');
      expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
      expect(server.save).not.toHaveBeenCalled();
      expect(server.verify).not.toHaveBeenCalled();

      actor.send({ type: 'SAVE', header: { nombre: 'Ventas' }, withdraw: true });
      await waitFor(actor, () => saved.mock.calls.length === 1);
      expect(server.verify).not.toHaveBeenCalled();
      expect(ctx()).toMatchObject({ version: 5, header: { verificado: false } });
    });

    it('problems only the server knows of are asked about the same way; nothing is stored', async () => {
      const server = fakeServer({ invalid: [{ code: 'FLGR1004', nodes: ['pedido'] }], stored: live() });
      const { actor, ctx, failed, confirmWithdraw } = start(server, live());
      actor.send({ type: 'UPDATE_NODE', clave: 'pedido', changes: { actividad: 9 } });
      actor.send({ type: 'SAVE', header: { nombre: 'Ventas' } });
      await waitFor(actor, () => confirmWithdraw.mock.calls.length === 1);
      expect(confirmWithdraw.mock.calls[0][0]).toEqual([{ code: 'FLGR1004', nodes: ['pedido'] }]);
      expect(failed).not.toHaveBeenCalled();
      expect(ctx()).toMatchObject({ version: 4, header: { verificado: true }, savingLive: false, serverProblems: [{ code: 'FLGR1004', nodes: ['pedido'] }] });
      expect(server.stored()).toEqual(live());
    });

    it('moved steps, or a flow not in use, save as before', async () => {
      const server = fakeServer({ stored: live() });
      const { actor, ctx, saved, confirmWithdraw } = start(server, live());
      actor.send({ type: 'MOVE', positions: [{ clave: 'fin', x: 40, y: 300 }] });
      actor.send({ type: 'SAVE', header: { nombre: 'Ventas' } });
      await waitFor(actor, () => saved.mock.calls.length === 1);
      expect(server.verify).not.toHaveBeenCalled();
      expect(ctx().header.verificado).toBe(true);

      const draft = { ...live(), verificado: false };
      const other = start(fakeServer({ stored: draft }), draft);
      other.actor.send({ type: 'ADD', tipo: 'subflujo', at: { x: 0, y: 0 }, after: 'pedido' });
      other.actor.send({ type: 'SAVE', header: { nombre: 'Ventas' } });
      await waitFor(other.actor, () => other.saved.mock.calls.length === 1);
      expect(other.confirmWithdraw).not.toHaveBeenCalled();
      expect(confirmWithdraw).not.toHaveBeenCalled();
    });
  });
});
