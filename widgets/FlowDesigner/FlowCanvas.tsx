/**
 * The flow's canvas (React Flow 12): steps and connections as the screen hands them (controlled), drag from a
 * step's lower handle to another step to connect, Delete / Backspace removes what is selected, Tab walks the
 * steps and connections, Enter selects, the arrow keys move. Steps dragged from the palette are dropped here.
 * It renders only: every change goes back to the screen as an event.
 */
import { useMemo, useRef } from 'react';
import { Box, useBreakpointValue } from '@chakra-ui/react';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  type AriaLabelConfig,
  type Connection,
  type OnEdgesChange,
  type OnNodesChange,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import { NODE_KINDS, type NodeKind } from '../../engine/flow/graph';
import type { Point } from '../../engine/flow/edit';
import { DRAG_TYPE, KIND_LOOK } from './kinds';
import { ARROW_MARKER_ID, ARROW_MARKER_SELECTED_ID, OptionEdge, type OptionEdgeType } from './OptionEdge';
import { StepNode, type StepNodeType } from './StepNode';

export type CanvasInstance = ReactFlowInstance<StepNodeType, OptionEdgeType>;

export interface FlowCanvasProps {
  nodes: StepNodeType[];
  edges: OptionEdgeType[];
  onNodesChange: OnNodesChange<StepNodeType>;
  onEdgesChange: OnEdgesChange<OptionEdgeType>;
  onConnect: (desde: string, hacia: string) => void;
  /** May these two steps be joined? (The line turns red over a step it may not join.) */
  canConnect: (desde: string, hacia: string) => boolean;
  onDelete: (nodes: string[], edges: string[]) => void;
  onSelectionChange: (nodes: string[], edges: string[]) => void;
  /** A palette item let go over the canvas, at that place of the flow. */
  onDropKind?: (tipo: NodeKind, at: Point) => void;
  onInit?: (instance: CanvasInstance) => void;
  readOnly?: boolean;
  /** CSS height of the canvas. */
  height?: string;
}

const nodeTypes = { step: StepNode };
const edgeTypes = { option: OptionEdge };
const DELETE_KEYS = ['Delete', 'Backspace'];
const FIT = { padding: 0.15, maxZoom: 1.2 };
const MINIMAP_FROM = 24;

function useAriaLabels(): Partial<AriaLabelConfig> {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      'node.a11yDescription.default': t('flowDesigner.canvas.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('flowDesigner.canvas.nodeHelpNoKeys'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => t('flowDesigner.canvas.moved', { direction, x, y }),
      'edge.a11yDescription.default': t('flowDesigner.canvas.edgeHelp'),
      'controls.ariaLabel': t('flowDesigner.canvas.controls'),
      'controls.zoomIn.ariaLabel': t('flowDesigner.canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('flowDesigner.canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('flowDesigner.canvas.fitView'),
      'controls.interactive.ariaLabel': t('flowDesigner.canvas.lock'),
      'minimap.ariaLabel': t('flowDesigner.canvas.minimap'),
      'handle.ariaLabel': t('flowDesigner.canvas.handle'),
    }),
    // the texts follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}

const isKind = (v: string): v is NodeKind => (NODE_KINDS as readonly string[]).includes(v);
const minimapColor = (n: StepNodeType) => (n.data.problems.length ? '#c53030' : `var(--chakra-colors-${KIND_LOOK[n.data.node.tipo].border.replace('.', '-')})`);

/**
 * The canvas's handlers, stable across renders: React Flow re-runs its selection listener (and updates its
 * store) whenever a handler prop changes, and a selection handler that sets state would then loop.
 */
function useStableHandlers(props: FlowCanvasProps) {
  const latest = useRef(props);
  latest.current = props;
  return useMemo(
    () => ({
      onConnect: (c: Connection) => c.source && c.target && latest.current.onConnect(c.source, c.target),
      isValidConnection: (c: Connection | OptionEdgeType) => Boolean(c.source && c.target && latest.current.canConnect(c.source, c.target)),
      onDelete: ({ nodes, edges }: { nodes: StepNodeType[]; edges: OptionEdgeType[] }) => latest.current.onDelete(nodes.map((x) => x.id), edges.map((x) => x.id)),
      onSelectionChange: ({ nodes, edges }: { nodes: StepNodeType[]; edges: OptionEdgeType[] }) =>
        latest.current.onSelectionChange(nodes.map((x) => x.id), edges.map((x) => x.id)),
    }),
    [],
  );
}

export function FlowCanvas(props: FlowCanvasProps) {
  const { nodes, edges, onNodesChange, onEdgesChange, onDropKind, onInit, readOnly, height = '70vh' } = props;
  const { t } = useTranslation();
  const aria = useAriaLabels();
  const handlers = useStableHandlers(props);
  const instance = useRef<CanvasInstance | null>(null);
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;

  return (
    <Box
      h={height}
      minH="320px"
      borderWidth="1px"
      rounded="md"
      bg="gray.50"
      position="relative"
      role="region"
      aria-label={t('flowDesigner.canvas.label')}
      onDragOver={(e) => {
        if (!onDropKind || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        const tipo = e.dataTransfer.getData(DRAG_TYPE);
        if (!onDropKind || !instance.current || !isKind(tipo)) return;
        e.preventDefault();
        onDropKind(tipo, instance.current.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
      }}
    >
      <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true">
        <defs>
          <marker id={ARROW_MARKER_ID} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="var(--chakra-colors-gray-600)" />
          </marker>
          <marker id={ARROW_MARKER_SELECTED_ID} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="var(--chakra-colors-brand-600)" />
          </marker>
        </defs>
      </svg>
      <ReactFlow<StepNodeType, OptionEdgeType>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={handlers.onConnect}
        isValidConnection={handlers.isValidConnection}
        onDelete={handlers.onDelete}
        onSelectionChange={handlers.onSelectionChange}
        onInit={(i) => {
          instance.current = i;
          onInit?.(i);
        }}
        deleteKeyCode={readOnly ? null : DELETE_KEYS}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        edgesReconnectable={false}
        // a line let go anywhere over a step (not only on its dot) joins it
        connectionRadius={44}
        minZoom={0.1}
        maxZoom={2}
        fitView
        fitViewOptions={FIT}
        colorMode="light"
        ariaLabelConfig={aria}
      >
        <Background gap={20} />
        <Controls showInteractive={false} fitViewOptions={FIT} />
        {/* a map helps find one's way in a large flow; in a small one it only hides part of it */}
        {wide && nodes.length > MINIMAP_FROM && <MiniMap pannable zoomable nodeColor={minimapColor} />}
      </ReactFlow>
    </Box>
  );
}
