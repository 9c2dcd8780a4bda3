/** How each kind of step looks on the canvas and in the palette (colours meet WCAG AA for their texts). */
import { NODE_KINDS, type NodeKind } from '../../engine/flow/graph';
import { STEP } from '../../engine/flow/steps';

export interface KindLook {
  bg: string;
  border: string;
  fg: string;
  /** Ends and answers are pills, the rest boxes. */
  pill?: boolean;
  /** A sub-flow stands for a whole flow: a double border. */
  double?: boolean;
}

export const KIND_LOOK: Record<NodeKind, KindLook> = {
  [STEP.start]: { bg: 'green.100', border: 'green.700', fg: 'green.900', pill: true },
  [STEP.end]: { bg: 'gray.700', border: 'gray.900', fg: 'white', pill: true },
  [STEP.activity]: { bg: 'white', border: 'brand.600', fg: 'gray.900' },
  [STEP.question]: { bg: 'orange.50', border: 'orange.600', fg: 'gray.900' },
  [STEP.answer]: { bg: 'yellow.50', border: 'yellow.700', fg: 'gray.900', pill: true },
  [STEP.specialization]: { bg: 'purple.50', border: 'purple.600', fg: 'gray.900' },
  [STEP.subflow]: { bg: 'teal.50', border: 'teal.700', fg: 'gray.900', double: true },
};

/** The palette's order: the way a flow is usually drawn. */
export const PALETTE_KINDS: readonly NodeKind[] = NODE_KINDS;

/** The kind named by a palette item dragged onto the canvas. */
export const DRAG_TYPE = 'application/x-flujos-step';
