/**
 * The flow designer (/backOffice/macroprocess/:id): the graph being edited with its undo history, and the
 * save and verify round trips. Pure: the edits are engine/flow/edit.ts, the calls (`flujo/save`,
 * `flujo/update/{id}`, `flujo/verify/{id}`) and the user feedback are implementations the screen provides.
 *
 * Edits are taken in every state once the flow is loaded, also while a save is on its way: what was sent is
 * remembered, so an edit made meanwhile still counts as unsaved.
 *
 * Verify first runs the validator (engine/flow/graph.ts, the server's own) over the graph as drawn: with problems
 * it stores nothing, says so and brings the first step with a problem into view. A valid stored flow with unsaved
 * edits goes to the server as one call, `flujo/verify/{id}` with the edit (`{version, borrador}`), which stores it
 * only if it passes the server's check too: a refused verify never leaves a live flow stored unverified. A new
 * flow is saved first (it has no id yet, and nobody works in it).
 *
 * Save on a live flow whose edit changes what its graph means (the server then clears `verificado`) keeps it in
 * use: a drawing that passes the same check goes through that verify call; one that does not is held back, and
 * the user is asked first (`confirmWithdraw`): a SAVE with `withdraw` then stores it unverified, out of staff's use.
 */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../engine/errors';
import { addNode, adoptIds, connect, emptyGraph, moveNodes, orphanedByRemoving, removeElements, sameMeaning, setDefaultOption, updateConnection, updateNode } from '../engine/flow/edit';
import { validateFlowGraph, type FlowGraph, type GraphContext, type GraphProblem } from '../engine/flow/graph';
import { record, redo, replacePresent, startHistory, undo } from '../engine/flow/history';
import { layoutGraph, needsLayout } from '../engine/flow/layout';
import { problemsFromErrors } from '../engine/flow/view';
import { graphOf, headerOf, isDirty, sameHeader, type DesignerContext, type DesignerEvent, type SaveInput, type StoredFlow, type VerifyInput } from './flowDesignerModel';

/** The error of a refused call, as much of it as the machine reads. */
interface CallError {
  code?: string;
  fieldErrors?: FieldError[];
}
const asCallError = (e: unknown): CallError => (typeof e === 'object' && e !== null ? (e as CallError) : {});

/** What the validator finds in the graph as drawn, before a verify (nothing is sent while there is any). */
function problemsBeforeVerify(c: DesignerContext, known: GraphContext | undefined): GraphProblem[] {
  return validateFlowGraph(c.history.present, { ...known, flowId: c.id });
}

/** A stored verified flow whose edit changes what its graph means: a plain save would withdraw it from staff. */
const changesLiveGraph = (c: DesignerContext) => c.id !== null && c.header.verificado === true && !sameMeaning(c.history.present, c.saved);

/** A new present graph (no-op edits leave the history as it is; a new edit forgets the last verify). */
function edit(c: DesignerContext, next: FlowGraph, key: string | null = null): Partial<DesignerContext> {
  if (next === c.history.present) return {};
  return { history: record(c.history, next, key), serverProblems: [] };
}

export const flowDesignerMachine = setup({
  types: {
    context: {} as DesignerContext,
    events: {} as DesignerEvent,
  },
  actors: {
    save: fromPromise<StoredFlow, SaveInput>(async () => {
      throw new Error('save not provided');
    }),
    verify: fromPromise<StoredFlow, VerifyInput>(async () => {
      throw new Error('verify not provided');
    }),
  },
  actions: {
    /** The stored flow a save answered: its id, version, header, and the row ids of its steps. */
    adoptStored: assign(({ context: c }, flow: StoredFlow) => {
      const stored = graphOf(flow);
      const present = adoptIds(c.history.present, stored);
      const sent = c.sent ?? c.history.present;
      return {
        id: flow.id,
        version: flow.version,
        header: headerOf(flow),
        history: replacePresent(c.history, present),
        saved: sent === c.history.present ? present : adoptIds(sent, stored),
        sent: null,
      };
    }),
    /** A save went through (its stored flow; the context is still the one before it: id null for a new flow). */
    saved: (_, _flow: StoredFlow) => undefined,
    verified: () => undefined,
    /** Save held back: storing these problems would take a live flow out of use (the user may send `withdraw`). */
    confirmWithdraw: (_, _params: { problems: GraphProblem[] }) => undefined,
    /** The first step with a problem in the drawing is brought into view. */
    focusFirstProblem: assign(({ context: c, event }) => {
      assertEvent(event, ['SAVE', 'VERIFY']);
      const first = problemsBeforeVerify(c, event.known).flatMap((p) => p.nodes.filter((k) => c.history.present.nodos.some((n) => n.clave === k)))[0];
      return first === undefined ? {} : { focus: { clave: first, n: (c.focus?.n ?? 0) + 1 } };
    }),
    /** The edits go with the verify (a Save of a live flow too: then it answers as a save). */
    sendDraft: assign(({ context: c, event }) => {
      assertEvent(event, ['SAVE', 'VERIFY']);
      const { nodos, conexiones } = c.history.present;
      return { draft: { ...headerOf(event.header), nodos, conexiones }, sent: c.history.present, serverErrors: [], savingLive: event.type === 'SAVE' };
    }),
    /** Verify found problems in the graph as drawn: nothing was sent (the problems are on the steps and in their list). */
    refusedVerify: (_, _params: { problems: GraphProblem[] }) => undefined,
    /** The verify call failed: nothing was stored; the graph problems it answered are shown until the next edit. */
    verifyFailed: assign((_, { error }: { error: unknown }) => {
      const e = asCallError(error);
      return {
        verifyAfterSave: false,
        savingLive: false,
        draft: null,
        sent: null,
        serverProblems: e.code === 'FLOW_INVALID' ? problemsFromErrors(e.fieldErrors ?? []) : [],
        serverErrors: e.code === 'FLOW_INVALID' ? [] : (e.fieldErrors ?? []),
      };
    }),
    /** A removal was refused: it would leave these activity steps without a way in (RESPUESTA_DEJA_HUERFANA). */
    refusedRemoval: (_, _params: { orphans: string[] }) => undefined,
    /** A call failed: tell the user (FLOW_INVALID included: its problems are on the canvas). */
    failed: (_, _params: { error: unknown }) => undefined,
  },
  guards: {
    hasProblems: ({ context, event }) => {
      assertEvent(event, ['SAVE', 'VERIFY']);
      return problemsBeforeVerify(context, event.known).length > 0;
    },
    isNew: ({ context }) => context.id === null,
    keepsLive: ({ context, event }) => {
      assertEvent(event, 'SAVE');
      return !event.withdraw && changesLiveGraph(context);
    },
    hasEdits: ({ context, event }) => {
      assertEvent(event, 'VERIFY');
      return isDirty(context) || !sameHeader(event.header, context.header);
    },
  },
}).createMachine({
  id: 'flowDesigner',
  context: {
    id: null,
    version: undefined,
    header: {},
    history: startHistory(emptyGraph()),
    saved: emptyGraph(),
    sent: null,
    focus: null,
    serverProblems: [],
    serverErrors: [],
    verifyAfterSave: false,
    savingLive: false,
    draft: null,
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        LOADED: {
          target: 'open',
          actions: assign(({ event }) => {
            const stored = event.flow ? graphOf(event.flow) : emptyGraph();
            // a flow stored without positions is laid out: the places are no edit of the user's (nothing to save, to
            // lose on leaving), and the next save keeps them
            const shown = needsLayout(stored) ? layoutGraph(stored) : stored;
            return {
              id: event.flow?.id ?? null,
              version: event.flow?.version,
              header: event.flow ? headerOf(event.flow) : {},
              history: startHistory(shown),
              saved: shown,
            };
          }),
        },
      },
    },
    open: {
      initial: 'ready',
      on: {
        ADD: {
          actions: assign(({ context: c, event }) => {
            const { graph, clave } = addNode(c.history.present, event.tipo, event.at, event.after);
            return { ...edit(c, graph), focus: { clave, n: (c.focus?.n ?? 0) + 1 } };
          }),
        },
        CONNECT: { actions: assign(({ context: c, event }) => edit(c, connect(c.history.present, event.desde, event.hacia))) },
        REMOVE: [
          {
            // an answer whose activity would be left without a way in stays (spec §5), and the user is told which
            guard: ({ context: c, event }) => orphanedByRemoving(c.history.present, event.nodes, event.connections).length > 0,
            actions: [
              assign(({ context: c, event }) => ({ focus: { clave: orphanedByRemoving(c.history.present, event.nodes, event.connections)[0], n: (c.focus?.n ?? 0) + 1 } })),
              { type: 'refusedRemoval', params: ({ context: c, event }) => ({ orphans: orphanedByRemoving(c.history.present, event.nodes, event.connections) }) },
            ],
          },
          { actions: assign(({ context: c, event }) => edit(c, removeElements(c.history.present, event.nodes, event.connections))) },
        ],
        UPDATE_NODE: {
          // the letters typed into one field are one step of the history
          actions: assign(({ context: c, event }) =>
            edit(c, updateNode(c.history.present, event.clave, event.changes), `node:${event.clave}:${Object.keys(event.changes).sort().join()}`),
          ),
        },
        UPDATE_OPTION: {
          actions: assign(({ context: c, event }) => edit(c, updateConnection(c.history.present, event.id, { texto: event.texto }), `option:${event.id}`)),
        },
        SET_DEFAULT: { actions: assign(({ context: c, event }) => edit(c, setDefaultOption(c.history.present, event.id))) },
        MOVE: {
          actions: assign(({ context: c, event }) =>
            edit(c, moveNodes(c.history.present, event.positions), `move:${event.positions.map((p) => p.clave).sort().join()}`),
          ),
        },
        LAYOUT: { actions: assign(({ context: c }) => edit(c, layoutGraph(c.history.present))) },
        UNDO: { actions: assign(({ context: c }) => ({ history: undo(c.history), serverProblems: [] })) },
        REDO: { actions: assign(({ context: c }) => ({ history: redo(c.history), serverProblems: [] })) },
        FOCUS: { actions: assign(({ context: c, event }) => ({ focus: { clave: event.clave, n: (c.focus?.n ?? 0) + 1 } })) },
      },
      states: {
        ready: {
          on: {
            SAVE: [
              {
                // nothing is stored until the user chooses: keep editing, or take the flow out of use
                guard: and(['keepsLive', 'hasProblems']),
                actions: ['focusFirstProblem', { type: 'confirmWithdraw', params: ({ context: c, event }) => ({ problems: problemsBeforeVerify(c, event.known) }) }],
              },
              // a live flow's edit that passes is stored verified, as Verify would: it stays in use
              { guard: 'keepsLive', target: 'verifying', actions: 'sendDraft' },
              { target: 'saving', actions: assign({ verifyAfterSave: false }) },
            ],
            VERIFY: [
              {
                // nothing is stored: the user is shown where to start fixing
                guard: 'hasProblems',
                actions: ['focusFirstProblem', { type: 'refusedVerify', params: ({ context: c, event }) => ({ problems: problemsBeforeVerify(c, event.known) }) }],
              },
              { guard: 'isNew', target: 'saving', actions: assign({ verifyAfterSave: true }) },
              { guard: 'hasEdits', target: 'verifying', actions: 'sendDraft' },
              { target: 'verifying', actions: assign({ draft: null, savingLive: false }) },
            ],
          },
        },
        saving: {
          entry: assign(({ context: c }) => ({ sent: c.history.present, serverErrors: [] })),
          invoke: {
            src: 'save',
            input: ({ context: c, event }) => {
              assertEvent(event, ['SAVE', 'VERIFY']);
              const { nodos, conexiones } = c.history.present;
              return { id: c.id, version: c.version, record: { ...headerOf(event.header), nodos, conexiones } };
            },
            onDone: [
              {
                guard: ({ context }) => context.verifyAfterSave,
                target: 'verifying',
                actions: [
                  // `saved` first: it sees whether the flow was new
                  { type: 'saved', params: ({ event }) => event.output },
                  { type: 'adoptStored', params: ({ event }) => event.output },
                ],
              },
              {
                target: 'ready',
                actions: [
                  // `saved` first: it sees whether the flow was new
                  { type: 'saved', params: ({ event }) => event.output },
                  { type: 'adoptStored', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: {
              target: 'ready',
              actions: [
                assign(({ event }) => ({ sent: null, verifyAfterSave: false, serverErrors: asCallError(event.error).fieldErrors ?? [] })),
                { type: 'failed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        verifying: {
          invoke: {
            src: 'verify',
            input: ({ context: c }) => ({ id: c.id!, ...(c.draft ? { draft: { version: c.version, record: c.draft } } : {}) }),
            onDone: [
              {
                // a live flow's save, stored and still verified
                guard: ({ context }) => context.savingLive,
                target: 'ready',
                actions: [
                  { type: 'saved', params: ({ event }) => event.output },
                  { type: 'adoptStored', params: ({ event }) => event.output },
                  assign({ serverProblems: [], draft: null, savingLive: false }),
                ],
              },
              {
                // the edits went with it and are stored now
                guard: ({ context }) => context.draft !== null,
                target: 'ready',
                actions: [
                  { type: 'adoptStored', params: ({ event }) => event.output },
                  assign({ serverProblems: [], verifyAfterSave: false, draft: null }),
                  'verified',
                ],
              },
              {
                target: 'ready',
                actions: [
                  assign(({ event }) => ({ version: event.output.version, header: headerOf(event.output), serverProblems: [], verifyAfterSave: false })),
                  'verified',
                ],
              },
            ],
            onError: [
              {
                // a live flow's save that the server finds problems in (ones the browser could not know): asked as above
                guard: ({ context, event }) => context.savingLive && asCallError(event.error).code === 'FLOW_INVALID',
                target: 'ready',
                actions: [
                  { type: 'verifyFailed', params: ({ event }) => ({ error: event.error }) },
                  { type: 'confirmWithdraw', params: ({ event }) => ({ problems: problemsFromErrors(asCallError(event.error).fieldErrors ?? []) }) },
                ],
              },
              { target: 'ready', actions: [{ type: 'verifyFailed', params: ({ event }) => ({ error: event.error }) }, { type: 'failed', params: ({ event }) => ({ error: event.error }) }] },
            ],
          },
        },
      },
    },
  },
});
