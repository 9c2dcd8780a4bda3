/**
 * The canvas's nodes and edges for the graph being edited, synced with engine/flow/view.ts (unchanged steps
 * keep their objects), plus what only the canvas owns: measured sizes, selection, positions while dragging.
 * Canvas changes come back here: selection and sizes stay on the canvas, a finished move becomes a MOVE,
 * deletions arrive through the canvas's onDelete (one undo step for everything deleted at once).
 */
import { useCallback, useMemo, useState } from 'react';
import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { NodePosition } from '../../engine/flow/edit';
import type { FlowConnection, FlowGraph, FlowNode, GraphProblem } from '../../engine/flow/graph';
import { STEP } from '../../engine/flow/steps';
import { problemsByNode, selectOnly, settledMoves, syncEdges, syncNodes, type EdgeTexts, type StepData, type ViewEdge } from '../../engine/flow/view';
import type { OptionEdgeType } from '../../widgets/FlowDesigner/OptionEdge';
import type { StepNodeType } from '../../widgets/FlowDesigner/StepNode';
import { stepLabel } from '../../widgets/FlowDesigner/stepText';

interface Inputs {
  graph: FlowGraph;
  problems: readonly GraphProblem[];
  titleOf: (node: FlowNode) => string | null;
}

export function useCanvasView({ graph, problems, titleOf }: Inputs, onMove: (positions: NodePosition[]) => void) {
  const { t, i18n } = useTranslation();
  const [nodes, setNodes] = useState<StepNodeType[]>([]);
  const [edges, setEdges] = useState<OptionEdgeType[]>([]);
  const byNode = useMemo(() => problemsByNode(problems), [problems]);

  const describe = useCallback(
    (d: StepData) => {
      const label = stepLabel(t, d.node, d.title);
      return d.problems.length ? `${label}. ${t('flowDesigner.problems.count', { count: d.problems.length })}` : label;
    },
    // a new language describes every step again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  // a connection is named by its steps' keys (shown in the inspector): typing a step's text changes no connection;
  // its texts are made once per connection object
  const textsOf = useMemo(() => {
    const made = new WeakMap<FlowConnection, { key: string; texts: EdgeTexts }>();
    return (c: FlowConnection, from: FlowNode, to: FlowNode): EdgeTexts => {
      const key = `${from.tipo}:${from.clave}>${to.clave}`;
      const known = made.get(c);
      if (known?.key === key) return known.texts;
      const option = from.tipo === STEP.specialization;
      const text = c.texto?.trim() || t('flowDesigner.option.untitled');
      const label = option ? (c.por_defecto ? `${text} · ${t('flowDesigner.option.default')}` : text) : null;
      const ends = t('flowDesigner.canvas.edge', { from: from.clave, to: to.clave });
      const texts = { label, ariaLabel: label ? `${ends}: ${label}` : ends };
      made.set(c, { key, texts });
      return texts;
    };
    // a new language makes every text again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);

  // synced during render when an input changed (React's pattern for state derived from props)
  const [synced, setSynced] = useState<unknown[]>([]);
  const inputs = [graph, byNode, titleOf, describe, textsOf];
  if (inputs.some((v, i) => v !== synced[i])) {
    setSynced(inputs);
    setNodes((prev) => syncNodes(prev, graph, byNode, titleOf, describe) as StepNodeType[]);
    // every edge here was made by syncEdges, so its data is there
    setEdges((prev) => syncEdges(prev as ViewEdge[], graph, textsOf) as OptionEdgeType[]);
  }

  const onNodesChange = useCallback(
    (changes: NodeChange<StepNodeType>[]) => {
      const moves = settledMoves(changes);
      if (moves.length) onMove(moves);
      setNodes((prev) => applyNodeChanges(changes.filter((c) => c.type !== 'remove'), prev));
    },
    [onMove],
  );
  const onEdgesChange = useCallback((changes: EdgeChange<OptionEdgeType>[]) => {
    setEdges((prev) => applyEdgeChanges(changes.filter((c) => c.type !== 'remove'), prev));
  }, []);

  /** Selects exactly one step (or nothing). */
  const selectStep = useCallback((clave: string | null) => {
    const ids = new Set(clave ? [clave] : []);
    setNodes((prev) => selectOnly(prev, ids));
    setEdges((prev) => selectOnly(prev, new Set()));
  }, []);

  return { nodes, edges, onNodesChange, onEdgesChange, selectStep };
}
