/** The text a cell shows: the value as text, cut at the column's `truncate` length (the whole text goes in a tooltip). */
export interface CellText {
  text: string;
  /** The whole text when it was cut. */
  full?: string;
}

export function cellText(value: unknown, truncate: number | undefined, yesNo: (v: boolean) => string): CellText {
  const whole =
    value == null ? '' : typeof value === 'boolean' ? yesNo(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (truncate && truncate > 0 && whole.length > truncate) return { text: `${whole.slice(0, truncate).trimEnd()}…`, full: whole };
  return { text: whole };
}
