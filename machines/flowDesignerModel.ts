/**
 * What the flow designer's machine (./flowDesigner.ts) holds and hears, and what the screen reads of it: the flow
 * split into its header fields and its graph, and whether there is anything unsaved or to undo.
 */
import type { FieldError } from '../engine/errors';
import { equalGraphs } from '../engine/flow/edit';
import type { NodeChanges, NodePosition, Point } from '../engine/flow/edit';
import type { FlowGraph, GraphContext, GraphProblem, NodeKind } from '../engine/flow/graph';
import { canRedo, canUndo, type History } from '../engine/flow/history';

export type Header = Record<string, unknown>;
/** A flow as the server answers it: its header fields, `nodos`, `conexiones`, id and version. */
export type StoredFlow = Header & { id: number; version: number };

export interface SaveInput {
  id: number | null;
  version: number | undefined;
  /** Header fields and the graph, as `flujo/save` / `flujo/update/{id}` take them. */
  record: Header;
}

export interface VerifyInput {
  id: number;
  /** Unsaved edits, stored by the verify only if they pass (`flujo/verify/{id}` `{version, borrador}`). */
  draft?: { version: number | undefined; record: Header };
}

export interface DesignerContext {
  id: number | null;
  version: number | undefined;
  /** The stored header fields (no graph, id or version). */
  header: Header;
  history: History<FlowGraph>;
  /** The graph as stored: the present graph differs from it when there are unsaved changes. */
  saved: FlowGraph;
  /** What the save on its way sent. */
  sent: FlowGraph | null;
  /** Set by an edit or a click on a problem: the step to select and bring into view (`n` tells repeats apart). */
  focus: { clave: string; n: number } | null;
  /** What the server answered to the last verify, until the next edit. */
  serverProblems: GraphProblem[];
  /** Field errors of the last refused save, for the header form. */
  serverErrors: FieldError[];
  verifyAfterSave: boolean;
  /** The verify on its way is a Save that keeps a live flow in use: it answers as a save. */
  savingLive: boolean;
  /** The edits the verify on its way sends with it (null: it verifies the stored flow). */
  draft: Header | null;
}

export type DesignerEvent =
  /** The flow to edit; null: a new one. */
  | { type: 'LOADED'; flow: StoredFlow | null }
  | { type: 'ADD'; tipo: NodeKind; at: Point; after?: string | null }
  | { type: 'CONNECT'; desde: string; hacia: string }
  | { type: 'REMOVE'; nodes: string[]; connections: string[] }
  | { type: 'UPDATE_NODE'; clave: string; changes: NodeChanges }
  | { type: 'UPDATE_OPTION'; id: string; texto: string }
  | { type: 'SET_DEFAULT'; id: string }
  | { type: 'MOVE'; positions: NodePosition[] }
  | { type: 'LAYOUT' }
  | { type: 'UNDO' }
  | { type: 'REDO' }
  | { type: 'FOCUS'; clave: string }
  /** `known`: what the browser knows of the activities and flows the steps name (the validator's context). */
  | { type: 'VERIFY'; header: Header; known?: GraphContext }
  /** `withdraw`: the user agreed to store a live flow's failing edit, which takes it out of use. */
  | { type: 'SAVE'; header: Header; known?: GraphContext; withdraw?: boolean };

const GRAPH_FIELDS = new Set(['id', 'version', 'nodos', 'conexiones']);

export const headerOf = (flow: Header): Header => Object.fromEntries(Object.entries(flow).filter(([k]) => !GRAPH_FIELDS.has(k)));
export const graphOf = (flow: Header): FlowGraph => ({
  nodos: Array.isArray(flow.nodos) ? (flow.nodos as FlowGraph['nodos']) : [],
  conexiones: Array.isArray(flow.conexiones) ? (flow.conexiones as FlowGraph['conexiones']) : [],
});

/** Same header fields? (`verificado` is the server's; empty values and missing ones are the same.) */
export function sameHeader(a: Header, b: Header): boolean {
  const norm = (h: Header) =>
    JSON.stringify(
      Object.entries(headerOf(h))
        .filter(([k, v]) => k !== 'verificado' && v !== undefined && v !== null && v !== '')
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return norm(a) === norm(b);
}

export const isDirty = (c: DesignerContext) => !equalGraphs(c.history.present, c.saved);
export const undoable = (c: DesignerContext) => canUndo(c.history);
export const redoable = (c: DesignerContext) => canRedo(c.history);
