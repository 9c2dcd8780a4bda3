import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { validateFlowGraph } from '../../engine/flow/graph';
import { ProblemList, type ProblemListProps } from './ProblemList';
import { comprasGraph, draftGraph, titleOf } from './fixtures';

const meta = {
  title: 'Widgets/FlowDesigner/ProblemList',
  component: ProblemList,
  decorators: [(Story) => <Box p="4" maxW="360px"><Story /></Box>],
  args: { graph: draftGraph, problems: validateFlowGraph(draftGraph), titleOf, onPick: fn() as ProblemListProps['onPick'] },
} satisfies Meta<typeof ProblemList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A half-drawn flow: each problem names its step; a click selects it. */
export const Problems: Story = {};

/** A valid flow. */
export const NoProblems: Story = { args: { graph: comprasGraph, problems: [] } };

/** An empty flow: problems that name no step. */
export const Empty: Story = { args: { graph: { nodos: [], conexiones: [] }, problems: validateFlowGraph({ nodos: [], conexiones: [] }) } };
