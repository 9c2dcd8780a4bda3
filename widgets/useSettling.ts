/**
 * True for a moment after `key` changes, and when first used: buttons that have just taken the place of others
 * (a new record saved, a record taken or released) ignore presses meanwhile, so the second tap of a fast double
 * tap, meant for the button that was there, does nothing instead of the new button's action. The caller says
 * which buttons are shown in `key`.
 */
import { useEffect, useState } from 'react';

/** Longer than a double tap plus a quick answer from the server; short enough not to be noticed. */
export const SETTLE_MS = 700;

export function useSettling(key: string, ms = SETTLE_MS): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled !== key;
}
