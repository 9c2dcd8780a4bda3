/**
 * The option of the select's current value, to show its text: the one just picked, one seen in a loaded
 * slice (kept per list), or, for a value loaded with the record, asked for once with an `id` filter.
 */
import { useEffect, useState } from 'react';
import type { SelectOption } from '../../engine/list/query';
import { optionByIdQuery, sameId } from './selectOptions';
import type { SliceSource } from './useSelectOptions';

const seen = new Map<string, Map<string, SelectOption>>();

export function rememberOptions(list: string, rows: readonly SelectOption[]) {
  let byId = seen.get(list);
  if (!byId) seen.set(list, (byId = new Map()));
  for (const r of rows) byId.set(String(r.id), r);
}

/** Forgets every remembered option (tests; a sign-out could too). */
export const clearRememberedOptions = () => seen.clear();

export function useCurrentOption(value: unknown, list: string, source: SliceSource, filters?: Record<string, unknown>): SelectOption | null {
  const known = value === null || value === undefined || value === '' ? null : (seen.get(list)?.get(String(value)) ?? null);
  const [fetched, setFetched] = useState<SelectOption | null>(null);
  const missing = value !== null && value !== undefined && value !== '' && !known;

  useEffect(() => {
    if (!missing) return;
    let live = true;
    source(optionByIdQuery(value as string | number, filters))
      .then((reply) => {
        const row = reply.rows.find((r) => sameId(r.id, value));
        if (!row) return;
        rememberOptions(list, [row]);
        if (live) setFetched(row);
      })
      .catch(() => {
        /* the value's text stays unknown; the id is kept */
      });
    return () => {
      live = false;
    };
    // filters come from the uiSchema and are stable for a field
  }, [missing, value, list, source]);

  if (known) return known;
  return fetched && sameId(fetched.id, value) ? fetched : null;
}
