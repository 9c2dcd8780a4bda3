/**
 * The connections out of the selected step, and a way to add one without a mouse ("connect with" a step
 * chosen from a list). Out of a specialization each connection is an option: its text and which one is the
 * default are edited here.
 */
import { useState } from 'react';
import { Box, Button, Field, HStack, Input, List, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { connectableTargets, connectionIds } from '../../engine/flow/edit';
import type { FlowGraph, FlowNode } from '../../engine/flow/graph';
import { STEP } from '../../engine/flow/steps';
import { stepLabel } from './stepText';

export interface OutgoingConnectionsProps {
  graph: FlowGraph;
  node: FlowNode;
  titleOf: (node: FlowNode) => string | null;
  onConnect: (desde: string, hacia: string) => void;
  onChangeOption: (id: string, texto: string) => void;
  onSetDefault: (id: string) => void;
  onRemove: (id: string) => void;
  readOnly?: boolean;
}

export function OutgoingConnections(props: OutgoingConnectionsProps) {
  const { graph, node, titleOf, onConnect, onChangeOption, onSetDefault, onRemove, readOnly } = props;
  const { t } = useTranslation();
  const [target, setTarget] = useState('');
  const byKey = new Map(graph.nodos.map((n) => [n.clave, n]));
  const ids = connectionIds(graph.conexiones);
  const out = graph.conexiones.flatMap((c, i) => (c.desde === node.clave ? [{ c, id: ids[i], to: byKey.get(c.hacia) }] : []));
  const options = node.tipo === STEP.specialization;
  const label = (n: FlowNode | undefined, key: string) => (n ? stepLabel(t, n, titleOf(n)) : key);
  const candidates = connectableTargets(graph, node.clave);
  const selectId = `connect-${node.clave}`;

  const rows = out.map(({ c, id, to }) => (
    <List.Item key={id} listStyleType="none" borderWidth="1px" rounded="md" p="2">
      <Stack gap="1.5">
        <HStack justify="space-between" gap="2">
          <Text fontSize="sm" minW="0" truncate>
            <span aria-hidden="true">→ </span>
            {label(to, c.hacia)}
          </Text>
          {!readOnly && (
            <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => onRemove(id)} aria-label={t('flowDesigner.inspector.removeConnectionTo', { to: label(to, c.hacia) })}>
              {t('flowDesigner.inspector.removeConnection')}
            </Button>
          )}
        </HStack>
        {options && (
          <>
            <Field.Root id={`option-${id}`} required invalid={!c.texto?.trim()}>
              <Field.Label fontSize="xs">{t('flowDesigner.field.optionText')}</Field.Label>
              <Input id={`option-${id}`} size="xs" value={c.texto ?? ''} maxLength={200} readOnly={readOnly} onChange={(e) => onChangeOption(id, e.target.value)} />
            </Field.Root>
            <RadioGroup.Item value={id} disabled={readOnly}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText fontSize="xs">
                {t('flowDesigner.field.default')}
                <Text as="span" srOnly>
                  {` (${label(to, c.hacia)})`}
                </Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          </>
        )}
      </Stack>
    </List.Item>
  ));
  const defaultId = out.find(({ c }) => c.por_defecto === true)?.id ?? null;

  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm" id={`out-${node.clave}`}>
        {t(options ? 'flowDesigner.inspector.options' : 'flowDesigner.inspector.outgoing')}
      </Text>
      {out.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('flowDesigner.inspector.noOutgoing')}
        </Text>
      )}
      {out.length > 0 &&
        (options ? (
          <RadioGroup.Root size="sm" value={defaultId} onValueChange={(d) => d.value && onSetDefault(d.value)} aria-labelledby={`out-${node.clave}`}>
            <List.Root gap="2">{rows}</List.Root>
          </RadioGroup.Root>
        ) : (
          <List.Root gap="2" aria-labelledby={`out-${node.clave}`}>
            {rows}
          </List.Root>
        ))}
      {!readOnly && node.tipo !== STEP.end && (
        <Box as="form" onSubmit={(e) => (e.preventDefault(), target && (onConnect(node.clave, target), setTarget('')))}>
          <Field.Root id={selectId}>
            <Field.Label fontSize="xs">{t('flowDesigner.inspector.connectTo')}</Field.Label>
            <HStack gap="1.5" w="full">
              <NativeSelect.Root size="xs" flex="1">
                <NativeSelect.Field id={selectId} value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
                  <option value="">{t('flowDesigner.inspector.pickStep')}</option>
                  {candidates.map((n) => (
                    <option key={n.clave} value={n.clave}>
                      {`${label(n, n.clave)} · ${n.clave}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button size="xs" type="submit" disabled={!target}>
                {t('flowDesigner.inspector.connect')}
              </Button>
            </HStack>
          </Field.Root>
        </Box>
      )}
    </Stack>
  );
}
