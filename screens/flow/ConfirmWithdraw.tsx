/**
 * "Take the flow out of use?" when Save would store a verified flow's edit that does not pass its check: the server
 * then clears `verificado` and staff lose the flow until it is verified again. Keeping on editing is the default;
 * the problems are listed as the designer names them.
 */
import { List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FlowGraph, FlowNode, GraphProblem } from '../../engine/flow/graph';
import { stepLabel } from '../../widgets/FlowDesigner/stepText';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';

interface ConfirmWithdrawProps {
  /** null: closed. */
  problems: readonly GraphProblem[] | null;
  graph: FlowGraph;
  titleOf: (node: FlowNode) => string | null;
  onStay: () => void;
  onSave: () => void;
}

export function ConfirmWithdraw({ problems, graph, titleOf, onStay, onSave }: ConfirmWithdrawProps) {
  const { t } = useTranslation();
  if (!problems) return null;
  const byKey = new Map(graph.nodos.map((n) => [n.clave, n]));
  const line = (p: GraphProblem) => {
    const names = p.nodes.flatMap((k) => (byKey.has(k) ? [stepLabel(t, byKey.get(k)!, titleOf(byKey.get(k)!))] : []));
    return names.length ? `${names.join(', ')} — ${t(`errors.${p.code}`)}` : t(`errors.${p.code}`);
  };
  return (
    <ConfirmDialog
      open
      title={t('flowDesigner.withdraw.title')}
      onClose={onStay}
      secondary={{ label: t('flowDesigner.withdraw.save'), onClick: onSave }}
      primary={{ label: t('flowDesigner.withdraw.stay'), onClick: onStay, autoFocus: true }}
    >
      <Text>{t('flowDesigner.withdraw.text')}</Text>
      <Text mt="3" fontWeight="semibold">
        {t('flowDesigner.problems.count', { count: problems.length })}
      </Text>
      <List.Root mt="1" ps="5" gap="1" color="red.700">
        {problems.map((p, i) => (
          <List.Item key={`${p.code}:${p.nodes.join()}:${i}`}>{line(p)}</List.Item>
        ))}
      </List.Root>
    </ConfirmDialog>
  );
}
