/**
 * Case folding that the browser, the server and the database agree on exactly, whatever the database's
 * locale: a fixed map of upper-case letters (ASCII and the Latin letters of Spanish and its neighbours) to
 * lower case, applied by `foldText` here and by SQL `translate(trim(x), FOLD_FROM, FOLD_TO)` there (trim:
 * spaces only, as PostgreSQL's trim). PostgreSQL's own lower() folds only ASCII under the C locale.
 */
export const FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇÃÕ';
export const FOLD_TO = 'abcdefghijklmnopqrstuvwxyzáéíóúüñàèìòùâêîôûäëïöçãõ';

const MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]]));

/** Spaces trimmed at both ends (only U+0020, as SQL trim). */
export const trimSpaces = (s: string) => s.replace(/^ +| +$/g, '');

export function foldText(s: string): string {
  let out = '';
  for (const c of trimSpaces(s)) out += MAP.get(c) ?? c;
  return out;
}
