import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { applyEdgeChanges, applyNodeChanges } from '@xyflow/react';
import { fn } from 'storybook/test';
import { validateFlowGraph, type FlowGraph } from '../../engine/flow/graph';
import { problemsByNode, syncEdges, syncNodes } from '../../engine/flow/view';
import { FlowCanvas } from './FlowCanvas';
import { comprasGraph, draftGraph, longGraph, titleOf } from './fixtures';
import type { OptionEdgeType } from './OptionEdge';
import type { StepNodeType } from './StepNode';

/** The canvas with its own state, as the designer screen keeps it (without the editing). */
function CanvasDemo({ graph }: { graph: FlowGraph }) {
  const problems = useMemo(() => problemsByNode(validateFlowGraph(graph)), [graph]);
  const [nodes, setNodes] = useState(() => syncNodes([], graph, problems, titleOf) as StepNodeType[]);
  const [edges, setEdges] = useState(
    () =>
      syncEdges([], graph, (c, from, to) => ({
        label: from.tipo === 'especializacion' ? `${c.texto ?? ''}${c.por_defecto ? ' · por defecto' : ''}` : null,
        ariaLabel: `${from.clave} → ${to.clave}`,
      })) as OptionEdgeType[],
  );
  return (
    <Box p="4">
      <FlowCanvas
        nodes={nodes}
        edges={edges}
        onNodesChange={(changes) => setNodes((n) => applyNodeChanges(changes, n))}
        onEdgesChange={(changes) => setEdges((e) => applyEdgeChanges(changes, e))}
        onConnect={fn()}
        canConnect={() => true}
        onDelete={fn()}
        onSelectionChange={fn()}
        height="520px"
      />
    </Box>
  );
}

const meta = {
  title: 'Widgets/FlowDesigner/FlowCanvas',
  component: CanvasDemo,
  args: { graph: comprasGraph },
} satisfies Meta<typeof CanvasDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The procurement flow of the demo: valid, with a specialization by amount. */
export const Compras: Story = {};

/** Half drawn: the steps the validator names show a red mark and its texts. */
export const WithProblems: Story = { args: { graph: draftGraph } };

/** 300 steps: dragging and selecting stay fluid. */
export const ThreeHundredSteps: Story = { args: { graph: longGraph(298) } };
