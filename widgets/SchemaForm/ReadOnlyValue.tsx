/**
 * A field in view mode (a record opened to look at, not to edit): its value as text — yes / no, an enum's or
 * an offered value's name, free text used as a key by its locale name (`valueNames`: a seeded category's group),
 * a referenced row's name, a date as dd/mm/yyyy, several choices joined — never a disabled input (issue 19).
 * Empty values show a dash.
 */
import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import type { Registry, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { dayText, momentText } from '../../engine/dates';
import { formatFigure } from '../money';
import { valueNameKey, valueNamesOption } from '../../engine/metadata/resolve';
import { formContextOf } from './context';
import { useEnumText } from './enumText';
import { optionText, readSelectConfig } from './selectOptions';
import { useCurrentOption } from './useCurrentOption';
import { useNamedSource } from './namedOptions';
import type { SliceSource } from './useSelectOptions';

interface Props {
  id: string;
  value: unknown;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  registry: Registry;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function ReadOnlyValue({ id, value, schema, uiSchema, registry }: Props) {
  const { t, i18n } = useTranslation();
  const enumText = useEnumText();
  const options = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const widget = uiSchema?.['ui:widget'];
  const list = readSelectConfig(options).list;
  const text = (() => {
    if (blank(value)) return null;
    if (widget === 'password') return '••••••';
    if (typeof value === 'boolean') return t(value ? 'form.yes' : 'form.no');
    const names = (uiSchema?.['ui:enumNames'] ?? (uiSchema?.items as UiSchema | undefined)?.['ui:enumNames']) as Record<string, string> | undefined;
    const offered = options.offered as { value: unknown; label: string }[] | undefined;
    const nameOf = (v: unknown) => {
      const key = names?.[String(v)] ?? offered?.find((o) => o.value === v)?.label;
      return key ? enumText(key, v) : String(v);
    };
    if (Array.isArray(value)) return value.map(nameOf).join(', ');
    if (widget === 'date' && typeof value === 'string') {
      return dayText(value, typeof options.format === 'string' ? options.format : undefined) ?? value;
    }
    if (schema.format === 'date-time' && typeof value === 'string') return momentText(value, i18n.language);
    if (schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number'))) return formatFigure(Number(value), i18n.language, schema['x-money'] === true);
    const valueNames = valueNamesOption(options.valueNames);
    if (valueNames && typeof options.valueNamesField === 'string') {
      const { entity, record } = formContextOf(registry);
      const key = valueNameKey(entity, options.valueNamesField, valueNames, value, record);
      if (key !== null && i18n.exists(key)) return t(key);
    }
    return nameOf(value);
  })();
  if (list && !blank(value))
    return <ReferenceText id={id} value={value} list={list} filters={readSelectConfig(options).filters} names={typeof options.names === 'string' ? options.names : undefined} registry={registry} />;
  return <Shown id={id} text={text} multiline={widget === 'textarea'} />;
}

interface ReferenceProps {
  id: string;
  value: unknown;
  list: string;
  filters?: Record<string, unknown>;
  /** The locale key base naming a read action's options (./namedOptions.ts). */
  names?: string;
  registry: Registry;
}

function ReferenceText({ id, value, list, filters, names, registry }: ReferenceProps) {
  const { i18n } = useTranslation();
  const { optionsSource } = formContextOf(registry);
  const remote: SliceSource = useMemo(() => (q) => optionsSource(list, q), [optionsSource, list]);
  const { source, key } = useNamedSource(remote, list, names);
  const option = useCurrentOption(value, key, source, filters);
  return <Shown id={id} text={option ? optionText(option, i18n.language) : String(value)} />;
}

function Shown({ id, text, multiline }: { id: string; text: string | null; multiline?: boolean }) {
  return (
    <Text id={id} data-readonly-value="" pt={{ md: '2' }} whiteSpace={multiline ? 'pre-wrap' : undefined} color={text === null ? 'fg.muted' : undefined}>
      {text ?? '—'}
    </Text>
  );
}
