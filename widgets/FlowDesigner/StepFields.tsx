/** The fields of the selected step: the activity or target flow it names (picked from the records), or its text. */
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NodeChanges } from '../../engine/flow/edit';
import type { FlowNode } from '../../engine/flow/graph';
import { hasOwnText, stepTarget, targetChange, type StepTarget } from '../../engine/flow/steps';
import { Combobox } from '../Combobox';
import type { SliceSource } from '../SchemaForm/useSelectOptions';

/** Where the options of a pick come from: the list's name (options are remembered under it) and its source. */
export interface OptionList {
  list: string;
  source: SliceSource;
}

export type TargetLists = Record<StepTarget['kind'], OptionList>;

export interface StepFieldsProps {
  node: FlowNode;
  /** The records an activity step or a sub-flow step may name. */
  lists: TargetLists;
  onChange: (changes: NodeChanges) => void;
  readOnly?: boolean;
}

export function StepFields({ node, lists, onChange, readOnly }: StepFieldsProps) {
  const { t } = useTranslation();
  const id = `step-${node.clave}`;
  const target = stepTarget(node);
  if (target) {
    const inputId = `${id}-${target.kind}`;
    const { list, source } = lists[target.kind];
    return (
      <Field.Root id={inputId} required>
        <Field.Label>{t(`flowDesigner.field.${target.kind}`)}</Field.Label>
        <Combobox
          id={inputId}
          value={target.id}
          onChange={(picked) => onChange(targetChange(node, picked === null ? null : Number(picked)))}
          source={source}
          listKey={list}
          labelledBy={`field::${inputId}::label`}
          size="sm"
          readOnly={readOnly}
        />
      </Field.Root>
    );
  }
  if (!hasOwnText(node.tipo)) return null;
  const inputId = `${id}-text`;
  return (
    <Field.Root id={inputId} required invalid={!node.texto?.trim()}>
      <Field.Label>{t('flowDesigner.field.text')}</Field.Label>
      <Input
        id={inputId}
        size="sm"
        value={node.texto ?? ''}
        maxLength={200}
        readOnly={readOnly}
        placeholder={t(`flowDesigner.inspector.textHint.${node.tipo}`)}
        onChange={(e) => onChange({ texto: e.target.value })}
      />
    </Field.Root>
  );
}
