/**
 * The panel beside the canvas: what is selected and its fields. A step: the activity / target flow it names
 * or its text, its outgoing connections (options of a specialization with their texts and default), a way to
 * connect it, and delete. A connection: its ends, its option text and default, and delete.
 */
import { Box, Button, Field, Heading, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { connectionIds, type NodeChanges } from '../../engine/flow/edit';
import type { FlowGraph, FlowNode } from '../../engine/flow/graph';
import { STEP } from '../../engine/flow/steps';
import { OutgoingConnections } from './OutgoingConnections';
import { StepFields, type TargetLists } from './StepFields';
import { kindName, stepLabel } from './stepText';

export type CanvasSelection = { kind: 'node'; clave: string } | { kind: 'edge'; id: string } | null;

export interface StepInspectorProps {
  graph: FlowGraph;
  selected: CanvasSelection;
  titleOf: (node: FlowNode) => string | null;
  /** The records activity steps and sub-flow steps may name. */
  lists: TargetLists;
  onChangeNode: (clave: string, changes: NodeChanges) => void;
  onChangeOption: (id: string, texto: string) => void;
  onSetDefault: (id: string) => void;
  onConnect: (desde: string, hacia: string) => void;
  onRemove: (nodes: string[], connections: string[]) => void;
  readOnly?: boolean;
}

export function StepInspector(props: StepInspectorProps) {
  const { graph, selected, titleOf, readOnly, onRemove } = props;
  const { t } = useTranslation();
  const node = selected?.kind === 'node' ? graph.nodos.find((n) => n.clave === selected.clave) : undefined;
  const edgeIndex = selected?.kind === 'edge' ? connectionIds(graph.conexiones).indexOf(selected.id) : -1;
  const edge = edgeIndex >= 0 ? graph.conexiones[edgeIndex] : undefined;
  const byKey = new Map(graph.nodos.map((n) => [n.clave, n]));
  const name = (key: string) => {
    const n = byKey.get(key);
    return n ? stepLabel(t, n, titleOf(n)) : key;
  };

  return (
    <Box as="section" aria-labelledby="inspector-title" borderWidth="1px" rounded="md" p="3" bg="bg.panel">
      <Heading as="h2" size="sm" id="inspector-title" mb="2">
        {t('flowDesigner.inspector.title')}
      </Heading>
      {!node && !edge && (
        <Text fontSize="sm" color="fg.muted">
          {t(readOnly ? 'flowDesigner.inspector.emptyReadOnly' : 'flowDesigner.inspector.empty')}
        </Text>
      )}
      {node && (
        <Stack gap="3">
          <Text fontSize="sm">
            <strong>{kindName(t, node.tipo)}</strong> · {t('flowDesigner.field.key')} {node.clave}
          </Text>
          <StepFields
            node={node}
            lists={props.lists}
            onChange={(changes) => props.onChangeNode(node.clave, changes)}
            readOnly={readOnly}
          />
          <OutgoingConnections
            graph={graph}
            node={node}
            titleOf={titleOf}
            onConnect={props.onConnect}
            onChangeOption={props.onChangeOption}
            onSetDefault={props.onSetDefault}
            onRemove={(id) => onRemove([], [id])}
            readOnly={readOnly}
          />
          {!readOnly && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove([node.clave], [])}>
              {t('flowDesigner.inspector.removeStep')}
            </Button>
          )}
        </Stack>
      )}
      {edge && selected?.kind === 'edge' && (
        <Stack gap="3">
          <Text fontSize="sm">
            <strong>{t('flowDesigner.inspector.connection')}</strong>: {name(edge.desde)} → {name(edge.hacia)}
          </Text>
          {byKey.get(edge.desde)?.tipo === STEP.specialization && (
            <RadioGroup.Root size="sm" value={edge.por_defecto ? selected.id : null} onValueChange={(d) => d.value && props.onSetDefault(d.value)}>
              <Stack gap="2">
                <Field.Root id={`edge-option-${selected.id}`} required invalid={!edge.texto?.trim()}>
                  <Field.Label>{t('flowDesigner.field.optionText')}</Field.Label>
                  <Input
                    id={`edge-option-${selected.id}`}
                    size="sm"
                    value={edge.texto ?? ''}
                    maxLength={200}
                    readOnly={readOnly}
                    onChange={(e) => props.onChangeOption(selected.id, e.target.value)}
                  />
                </Field.Root>
                <RadioGroup.Item value={selected.id} disabled={readOnly}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t('flowDesigner.field.default')}</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Stack>
            </RadioGroup.Root>
          )}
          {!readOnly && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onRemove([], [selected.id])}>
              {t('flowDesigner.inspector.removeConnection')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
