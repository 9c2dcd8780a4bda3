/**
 * The filter of a column whose values are picked, not typed (ResolvedColumn `pick`): a reference column
 * offers the referenced list's rows (`<list>/select` through the table source's `options`), an enum column
 * its values with their translated texts. Picking filters at once and exactly; the blank entry clears it.
 */
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { ResolvedColumn } from '../../engine/metadata/resolve';
import { Combobox } from '../Combobox';
import { localPage } from '../SchemaForm/selectOptions';
import type { SliceSource } from '../SchemaForm/useSelectOptions';
import type { OptionsSource } from './types';

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
  const source = useMemo<SliceSource>(() => {
    if (pick.kind === 'ref') return options ? (q) => options(pick.list, q) : noOptions;
    const rows = pick.values.map((v) => {
      const text = t(`entities.${entity}.enums.${column.field}.${v}`, { defaultValue: String(v) });
      return { id: v, name: text, nombre: text };
    });
    return async (q) => localPage(rows, q);
  }, [pick, options, entity, column.field, t]);
  return (
    <Combobox
      id={`filter-${entity}-${column.name}`}
      value={value === '' ? null : value}
      onChange={(id) => onChange(id === null ? '' : String(id))}
      source={source}
      listKey={pick.kind === 'ref' ? pick.list : `enum:${entity}.${column.field}`}
      cacheKey={pick.kind === 'ref' && options ? pick.list : undefined}
      allowNull
      ariaLabel={t('dataTable.filterColumn', { column: label })}
      placeholder=""
      size="2xs"
      inputProps={{ h: `${height}px`, minH: '0', bg: 'bg' }}
    />
  );
}
