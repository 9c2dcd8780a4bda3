/**
 * The filter of a column whose values are picked, not typed (ResolvedColumn `pick`): a reference column
 * offers the referenced list's rows (`<list>/select` through the table source's `options`), an enum column
 * its values with their translated texts, an action's options (a party's type: its category group's entries as
 * they are in the database) the same options as the field's form select, named the same way
 * (widgets/SchemaForm/namedOptions.ts). Picking filters at once and exactly; the blank entry clears it.
 */
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { Combobox } from '../Combobox';
import { localPage } from '../SchemaForm/selectOptions';
import { useNamedSource, valueNamesKey } from '../SchemaForm/namedOptions';
import type { SliceSource } from '../SchemaForm/useSelectOptions';
import type { OptionsSource } from './types';
import { valueTextOf } from './valueText';

export interface PickFilterProps {
  entity: string;
  column: ResolvedColumn & { pick: NonNullable<ResolvedColumn['pick']> };
  value: string;
  onChange: (value: string) => void;
  options?: OptionsSource;
  label: string;
  height: number;
  t: TFunction;
}

const noOptions: SliceSource = async () => ({ total: 0, rows: [] });

export function PickFilter({ entity, column, value, onChange, options, label, height, t }: PickFilterProps) {
  const { pick } = column;
  const remote = useMemo<SliceSource>(() => {
    if (pick.kind !== 'enum') return options ? (q) => options(pick.list, q) : noOptions;
    const rows = pick.values.map((v) => {
      const text = t(`${valueNamesKey(entity, column.field)}.${v}`, { defaultValue: String(v) });
      return { id: v, name: text, nombre: text };
    });
    return async (q) => localPage(rows, q);
  }, [pick, options, entity, column.field, t]);
  const byAction = pick.kind === 'options';
  // options named as the column shows its values: an entity name by the entity's title
  const { names, field } = column;
  const nameOf = useMemo(() => {
    const text = names ? valueTextOf({ field, names }, entity, t) : undefined;
    return text ? (id: string) => text(id) : undefined;
  }, [names, field, entity, t]);
  const { source, key } = useNamedSource(
    remote,
    pick.kind === 'enum' ? `enum:${entity}.${column.field}` : pick.list,
    byAction ? (names ? `names:${names}` : valueNamesKey(entity, field)) : undefined,
    nameOf,
  );
  return (
    <Combobox
      id={`filter-${entity}-${column.name}`}
      value={value === '' ? null : value}
      onChange={(id) => onChange(id === null ? '' : String(id))}
      source={source}
      listKey={key}
      cacheKey={pick.kind !== 'enum' && options ? key : undefined}
      filters={byAction ? { ...pick.filters } : undefined}
      allowNull
      ariaLabel={t('dataTable.filterColumn', { column: label })}
      placeholder=""
      size="2xs"
      inputProps={{ h: `${height}px`, minH: '0', bg: 'bg' }}
    />
  );
}
