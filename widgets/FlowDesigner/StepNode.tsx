/**
 * One step on the canvas: its kind and what it says, a handle above (incoming) and below (outgoing) where the
 * kind has connections that way, and — when the validator names it — a red mark and the problems' texts.
 * Memoised: the canvas hands it a new object only when its step, title or problems changed.
 */
import { memo } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { STEP_SIZES } from '../../engine/flow/layout';
import type { StepData } from '../../engine/flow/view';
import { KIND_LOOK } from './kinds';
import { STEP } from '../../engine/flow/steps';
import { hasContent, isEnd, kindName, stepName } from './stepText';

export type StepNodeType = Node<StepData, 'step'>;

const handleStyle = { width: 12, height: 12, background: 'var(--chakra-colors-gray-600)', border: '2px solid white' };

function StepNodeView({ data, selected }: NodeProps<StepNodeType>) {
  const { t } = useTranslation();
  const { node, problems, title } = data;
  const look = KIND_LOOK[node.tipo];
  const size = STEP_SIZES[node.tipo];
  const bad = problems.length > 0;
  const plain = isEnd(node);
  return (
    <Box w={`${size.width}px`} position="relative" data-kind={node.tipo} data-problems={problems.join(' ') || undefined}>
      {node.tipo !== STEP.start && <Handle type="target" position={Position.Top} style={handleStyle} />}
      <Box
        minH={`${size.height}px`}
        px="3"
        py="1.5"
        bg={look.bg}
        color={look.fg}
        borderWidth={look.double ? '4px' : '2px'}
        borderStyle={look.double ? 'double' : 'solid'}
        borderColor={bad ? 'red.600' : look.border}
        rounded={look.pill ? 'full' : 'md'}
        boxShadow={selected ? '0 0 0 3px var(--chakra-colors-brand-500)' : 'sm'}
        display="flex"
        flexDirection="column"
        justifyContent="center"
        textAlign="center"
      >
        {!plain && (
          <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold" lineClamp={1}>
            {kindName(t, node.tipo)}
          </Text>
        )}
        <Text fontSize="sm" fontWeight={plain ? 'bold' : 'medium'} lineClamp={2} fontStyle={hasContent(node, title) ? undefined : 'italic'}>
          {stepName(t, node, title)}
        </Text>
      </Box>
      {node.tipo !== STEP.end && <Handle type="source" position={Position.Bottom} style={handleStyle} />}
      {bad && (
        <>
          <Box aria-hidden position="absolute" top="-8px" right="-8px" w="20px" h="20px" rounded="full" bg="red.600" color="white" fontSize="xs" fontWeight="bold" display="flex" alignItems="center" justifyContent="center">
            !
          </Box>
          {/* below the box, out of its measured size: the layout leaves room for it, the line still starts at the box */}
          <Box position="absolute" top="calc(100% + 8px)" left="0" w="full" zIndex="1" px="1.5" py="0.5" bg="red.50" borderWidth="1px" borderColor="red.300" rounded="sm" pointerEvents="none" data-testid="step-problems">
            {problems.map((code) => (
              <Text key={code} fontSize="2xs" color="red.800" lineHeight="1.25">
                {t(`errors.${code}`)}
              </Text>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

export const StepNode = memo(StepNodeView);
