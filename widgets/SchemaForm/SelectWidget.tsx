/**
 * Select with remote options (ui:widget "select", `ui:options`: list, allowNull, ids, filters): the app's
 * Combobox over `{list}/select` in slices of 10. Without `list` it offers the schema's enum the same way.
 * A reference property (`x-ref`) gets this widget and its list by default (./uiSchema.ts); `excludeSelf` leaves the
 * record shown out of the options. A text typed that picked nothing stays shown as the field's error, and the form
 * does not save, until an option is picked or the text cleared (Escape shows the value held again).
 */
import { useContext, useEffect, useMemo, useRef } from 'react';
import { getSchemaType, type WidgetProps } from '@rjsf/utils';
import { Combobox } from '../Combobox';
import { FieldPath, formContextOf } from './context';
import { emptyValueOf } from './empty';
import { ownError } from './errorCodes';
import { idForSchema, localPage, readSelectConfig, sameId } from './selectOptions';
import { rememberOptions } from './useCurrentOption';
import { useEnumText } from './enumText';
import { useNamedSource } from './namedOptions';
import type { SliceSource } from './useSelectOptions';

/** The options without the record itself (`excludeSelf`: an article is not its own component). */
function withoutSelf(source: SliceSource, self: string | number | null | undefined): SliceSource {
  if (self === null || self === undefined) return source;
  return async (q) => {
    const reply = await source(q);
    const rows = reply.rows.filter((r) => !sameId(r.id, self));
    return { total: reply.total - (reply.rows.length - rows.length), rows };
  };
}

export function SelectWidget(props: WidgetProps) {
  const { id, value, schema, options, registry, onChange, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required, rawErrors } = props;
  const cfg = readSelectConfig(options);
  const { optionsSource, recordId, setUnpicked } = formContextOf(registry);
  const path = useContext(FieldPath);
  // the text typed that picked nothing, told to the form (its validation refuses it); `raised`: its error is shown
  const typed = useRef<string | null>(null);
  const raised = useRef(false);
  const hold = (text: string | null) => {
    typed.current = text;
    setUnpicked?.(path, text);
  };
  // a field that moves (a row above removed) takes its text along; one that goes leaves none behind
  useEffect(() => {
    if (typed.current !== null) setUnpicked?.(path, typed.current);
    return () => setUnpicked?.(path, null);
  }, [path, setUnpicked]);
  const self = options.excludeSelf === true ? recordId : null;
  const enumText = useEnumText();
  // an enum's options, or the values an open choice offers (`examples`), with the current value if it is another
  const offered = options.offered as { value: string | number; label: string }[] | undefined;
  const local = useMemo(() => {
    // an enum's null is the blank entry (offered when the field may be empty), not an option of its own
    const all = [...(options.enumOptions ?? []), ...(offered ?? [])].filter((o) => o.value !== null) as { value: unknown; label: string }[];
    if (offered && value !== undefined && value !== null && value !== '' && !offered.some((o) => o.value === value))
      all.push({ value, label: String(value) });
    return all.map((o) => {
      const text = enumText(o.label, o.value);
      return { id: o.value as string | number, name: text, nombre: text };
    });
  }, [options.enumOptions, offered, value, enumText]);
  const remote: SliceSource = useMemo(
    () => (cfg.list ? withoutSelf((q) => optionsSource(cfg.list!, q), self) : async (q) => localPage(local, q)),
    [cfg.list, optionsSource, local, self],
  );
  // a read action's options (a party's type from its group): named like enum values where the locale has a name
  const named = useNamedSource(remote, cfg.list ?? `enum:${id}`, typeof options.names === 'string' ? options.names : undefined);
  const { source, key: listKey } = named;
  if (!cfg.list) rememberOptions(listKey, local);
  const numeric = ['integer', 'number'].includes(String(getSchemaType(schema)));

  return (
    <Combobox
      id={id}
      value={value}
      onChange={(picked) => {
        hold(null);
        raised.current = false;
        onChange(picked === null ? emptyValueOf(schema, options) : idForSchema(picked, numeric));
      }}
      onUnpicked={(text) => {
        hold(text);
        // dropped without a change (Escape): the error it raised, or a save found, goes with it
        if (text === null && (raised.current || rawErrors?.length)) {
          raised.current = false;
          onChange(value);
        }
      }}
      source={source}
      listKey={listKey}
      cacheKey={cfg.list ? `${listKey}|${self ?? ''}` : undefined}
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
      onBlur={() => {
        // said once the user leaves it, not while typing; the form's validation says the same on saving
        if (typed.current !== null) {
          raised.current = true;
          onChange(value, ownError('unpicked', { text: typed.current }));
        }
        onBlur(id, value);
      }}
    />
  );
}
