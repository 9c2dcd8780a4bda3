/**
 * Options seen in a loaded slice or picked, kept per list, so a select shows its value's text without asking.
 * Apart from useCurrentOption so the session can forget them without loading the read cache (the login route).
 */
import type { SelectOption } from '../../engine/list/query';

const seen = new Map<string, Map<string, SelectOption>>();

export function rememberOptions(list: string, rows: readonly SelectOption[]) {
  let byId = seen.get(list);
  if (!byId) seen.set(list, (byId = new Map()));
  for (const r of rows) byId.set(String(r.id), r);
}

/** Forgets every remembered option (the logout; tests). */
export const clearRememberedOptions = () => seen.clear();

export const rememberedOption = (list: string, value: unknown): SelectOption | null => seen.get(list)?.get(String(value)) ?? null;
