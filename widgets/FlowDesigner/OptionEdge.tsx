/**
 * A connection on the canvas: a rounded step line with an arrow, and — out of a specialization — the option's
 * text on it (its label, given by the screen). The arrow is the marker FlowCanvas defines once.
 */
import { memo } from 'react';
import { Box } from '@chakra-ui/react';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type Edge, type EdgeProps } from '@xyflow/react';
import type { OptionData } from '../../engine/flow/view';

export type OptionEdgeType = Edge<OptionData, 'option'>;

export const ARROW_MARKER_ID = 'flujos-arrow';
export const ARROW_MARKER_SELECTED_ID = 'flujos-arrow-selected';

function OptionEdgeView({ id, data, selected, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition }: EdgeProps<OptionEdgeType>) {
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, borderRadius: 8 });
  const label = data?.label;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={`url(#${selected ? ARROW_MARKER_SELECTED_ID : ARROW_MARKER_ID})`}
        style={{ stroke: selected ? 'var(--chakra-colors-brand-600)' : 'var(--chakra-colors-gray-600)', strokeWidth: selected ? 3 : 2 }}
      />
      {label && (
        <EdgeLabelRenderer>
          <Box
            position="absolute"
            transform={`translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`}
            px="1.5"
            py="0.5"
            bg={data?.conexion.por_defecto ? 'purple.100' : 'white'}
            color="gray.900"
            borderWidth="1px"
            borderColor={selected ? 'brand.600' : 'purple.400'}
            rounded="sm"
            fontSize="2xs"
            maxW="160px"
            truncate
            pointerEvents="none"
            data-testid="option-label"
          >
            {label}
          </Box>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const OptionEdge = memo(OptionEdgeView);
