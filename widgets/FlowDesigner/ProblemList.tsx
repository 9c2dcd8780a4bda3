/**
 * Every problem the validator finds, translated, each naming its steps; a click (or Enter) on a problem
 * selects its step and brings it into view. Announced politely as it changes.
 */
import { Box, Button, Heading, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FlowGraph, FlowNode, GraphProblem } from '../../engine/flow/graph';
import { stepLabel } from './stepText';

export interface ProblemListProps {
  problems: readonly GraphProblem[];
  graph: FlowGraph;
  titleOf: (node: FlowNode) => string | null;
  onPick: (clave: string) => void;
}

export function ProblemList({ problems, graph, titleOf, onPick }: ProblemListProps) {
  const { t } = useTranslation();
  const byKey = new Map(graph.nodos.map((n) => [n.clave, n]));
  return (
    <Box as="section" aria-labelledby="flow-problems-title" borderWidth="1px" rounded="md" p="3" bg="bg.panel">
      <Heading as="h2" size="sm" id="flow-problems-title" mb="2">
        {t('flowDesigner.problems.title', { count: problems.length })}
      </Heading>
      <Box aria-live="polite">
        {problems.length === 0 ? (
          <Text fontSize="sm" color="green.700" data-testid="no-problems">
            {t('flowDesigner.problems.none')}
          </Text>
        ) : (
          <List.Root gap="1" aria-labelledby="flow-problems-title">
            {problems.map((p, i) => {
              const steps = p.nodes.filter((k) => byKey.has(k));
              const names = steps.map((k) => stepLabel(t, byKey.get(k)!, titleOf(byKey.get(k)!)));
              const text = t(`errors.${p.code}`);
              return (
                <List.Item key={`${p.code}:${p.nodes.join()}:${i}`} listStyleType="none">
                  {steps.length ? (
                    <Button
                      variant="ghost"
                      size="xs"
                      h="auto"
                      py="1"
                      whiteSpace="normal"
                      textAlign="start"
                      justifyContent="flex-start"
                      color="red.700"
                      onClick={() => onPick(steps[0])}
                      data-code={p.code}
                    >
                      <span>
                        <strong>{names.join(', ')}</strong> — {text}
                      </span>
                    </Button>
                  ) : (
                    <Text fontSize="xs" color="red.700" px="2" py="1" data-code={p.code}>
                      {text}
                      {p.nodes.length ? ` (${p.nodes.join(', ')})` : ''}
                    </Text>
                  )}
                </List.Item>
              );
            })}
          </List.Root>
        )}
      </Box>
    </Box>
  );
}
