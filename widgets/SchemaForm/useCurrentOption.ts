/**
 * The option of the select's current value, to show its text: the one just picked, one seen in a loaded
 * slice (kept per list), or, for a value loaded with the record, asked for once with an `id` filter (through
 * the read cache, so many fields or rows showing the same value make one request).
 */
import useSWR from 'swr';
import type { SelectOption } from '../../engine/list/query';
import { optionByIdQuery, sameId } from './selectOptions';
import { rememberOptions, rememberedOption } from './rememberedOptions';
import type { SliceSource } from './useSelectOptions';

export { rememberOptions, clearRememberedOptions } from './rememberedOptions';

export function useCurrentOption(value: unknown, list: string, source: SliceSource, filters?: Record<string, unknown>): SelectOption | null {
  const known = value === null || value === undefined || value === '' ? null : rememberedOption(list, value);
  const missing = value !== null && value !== undefined && value !== '' && !known;
  // through the read cache: the rows of a list showing the same reference ask for its text once
  const { data: fetched } = useSWR(
    missing ? ['option', list, String(value), filters ?? null] : null,
    async () => {
      const reply = await source(optionByIdQuery(value as string | number, filters));
      const row = reply.rows.find((r) => sameId(r.id, value)) ?? null;
      if (row) rememberOptions(list, [row]);
      return row;
    },
    // the text of an id does not change while it is shown; a failure leaves the id (no retry, no toast of its own)
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );

  if (known) return known;
  return fetched && sameId(fetched.id, value) ? fetched : null;
}
