import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { connect, removeElements, setDefaultOption, updateConnection, updateNode } from '../../engine/flow/edit';
import type { FlowGraph } from '../../engine/flow/graph';
import { StepInspector, type CanvasSelection } from './StepInspector';
import { activitySource, comprasGraph, draftGraph, flowSource, titleOf } from './fixtures';

const LISTS = { activity: { list: 'story-activities', source: activitySource }, flow: { list: 'story-flows', source: flowSource } };

/** The inspector over a graph it edits (the designer keeps the graph in its machine). */
function InspectorDemo({ graph: start, selected, readOnly }: { graph: FlowGraph; selected: CanvasSelection; readOnly?: boolean }) {
  const [graph, setGraph] = useState(start);
  return (
    <Box p="4" maxW="360px">
      <StepInspector
        graph={graph}
        selected={selected}
        titleOf={titleOf}
        lists={LISTS}
        onChangeNode={(clave, changes) => setGraph((g) => updateNode(g, clave, changes))}
        onChangeOption={(id, texto) => setGraph((g) => updateConnection(g, id, { texto }))}
        onSetDefault={(id) => setGraph((g) => setDefaultOption(g, id))}
        onConnect={(a, b) => setGraph((g) => connect(g, a, b))}
        onRemove={(nodes, connections) => setGraph((g) => removeElements(g, nodes, connections))}
        readOnly={readOnly}
      />
    </Box>
  );
}

const meta = {
  title: 'Widgets/FlowDesigner/StepInspector',
  component: InspectorDemo,
  args: { graph: comprasGraph, selected: null },
} satisfies Meta<typeof InspectorDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing selected: how to start. */
export const Nothing: Story = {};

/** An activity step: its activity is picked from the activities. */
export const ActivityStep: Story = { args: { selected: { kind: 'node', clave: 'solicitud' } } };

/** A specialization: its options with their texts and the default. */
export const Specialization: Story = { args: { selected: { kind: 'node', clave: 'monto' } } };

/** An answer without text yet. */
export const AnswerWithoutText: Story = { args: { graph: draftGraph, selected: { kind: 'node', clave: 'n4' } } };

/** A connection that is an option of a specialization. */
export const Option: Story = { args: { selected: { kind: 'edge', id: 'monto->gerencia' } } };

/** A flow only looked at (the list's "Ver"): nothing selected says how to see a step, not how to edit. */
export const ReadOnlyNothing: Story = { args: { readOnly: true } };

/** A flow only looked at: a specialization's options, with nothing to change. */
export const ReadOnlySpecialization: Story = { args: { readOnly: true, selected: { kind: 'node', clave: 'monto' } } };
