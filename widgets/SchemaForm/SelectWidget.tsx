/**
 * Select with remote options (ui:widget "select", `ui:options`: list, allowNull, ids, filters): the app's
 * Combobox over `{list}/select` in slices of 10. Without `list` it offers the schema's enum the same way.
 * A reference property (`x-ref`) gets this widget and its list by default (./uiSchema.ts).
 */
import { useMemo } from 'react';
import { getSchemaType, type WidgetProps } from '@rjsf/utils';
import { Combobox } from '../Combobox';
import { formContextOf } from './context';
import { emptyValueOf } from './empty';
import { idForSchema, localPage, readSelectConfig } from './selectOptions';
import { rememberOptions } from './useCurrentOption';
import { useEnumText } from './enumText';
import type { SliceSource } from './useSelectOptions';

export function SelectWidget(props: WidgetProps) {
  const { id, value, schema, options, registry, onChange, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required } = props;
  const cfg = readSelectConfig(options);
  const { optionsSource } = formContextOf(registry);
  const enumText = useEnumText();
  const local = useMemo(
    () =>
      (options.enumOptions ?? []).map((o) => {
        const text = enumText(o.label, o.value);
        return { id: o.value as string | number, name: text, nombre: text };
      }),
    [options.enumOptions, enumText],
  );
  const listKey = cfg.list ?? `enum:${id}`;
  const source: SliceSource = useMemo(
    () => (cfg.list ? (q) => optionsSource(cfg.list!, q) : async (q) => localPage(local, q)),
    [cfg.list, optionsSource, local],
  );
  if (!cfg.list) rememberOptions(listKey, local);
  const numeric = ['integer', 'number'].includes(String(getSchemaType(schema)));

  return (
    <Combobox
      id={id}
      value={value}
      onChange={(picked) => onChange(picked === null ? emptyValueOf(schema, options) : idForSchema(picked, numeric))}
      source={source}
      listKey={listKey}
      allowNull={cfg.allowNull}
      ids={cfg.ids}
      filters={cfg.filters}
      labelledBy={`field::${id}::label`}
      placeholder={placeholder || undefined}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
