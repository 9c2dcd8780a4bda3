/**
 * What a list's pattern matches, and how text sorts — one definition that the browser, the server and both
 * databases share (the server turns these constants into SQL: server/entities/search-sql.ts):
 *
 * - Text is split into words at white space and punctuation, ignoring case and accents ("Ríos" is "rios").
 *   A code written with dashes or dots also counts as one word without them, so "33-69345023-9" is found
 *   by "33693450239", by "3369" and by "69345023".
 * - A number written with leading zeros also counts as a word without them: "PED-000009" is found by "9",
 *   by "000009" and by "ped".
 * - Each word of a pattern must be the start of some word of a row's search fields, in any order.
 * - Text sorts in Spanish order: case and accents ignored, ñ after n (then by id, by the caller).
 *
 * Matching folds a fixed table of letters (the Latin letters of Spanish and its neighbours) and sorting strips
 * the accents NFD splits off and lower-cases ASCII, because the database must do exactly the same whatever its
 * locale: PostgreSQL's lower() under the C collation folds ASCII only (normalize() needs a UTF8 database).
 */

/** Letters folded for matching and sorting: upper and lower case with accents, each to its base letter. */
const ACCENTED = 'ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇÃÕÝáéíóúüñàèìòùâêîôûäëïöçãõýÿ';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const base = (c: string) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** translate() maps of matching: every letter to its lower-case base letter (ñ to n). */
export const MATCH_FROM = UPPER + ACCENTED;
export const MATCH_TO = [...MATCH_FROM].map(base).join('');

/** ñ in a sort key: "n" and a character after "z", so it sorts after every n and before o (compared bytewise). */
export const SORT_ENYE = 'n{';
/** The accents NFD splits off a letter (combining diacritical marks), as a regular-expression class. */
export const COMBINING_MARKS = '[\u0300-\u036f]';
/**
 * How a sort key is made, for the server to know when its stored keys are stale: ñ and Ñ to SORT_ENYE, then
 * NFD without its combining marks, then ASCII upper case to lower case (PostgreSQL's lower() under COLLATE "C").
 * Cheaper in SQL than translate() over a table of letters (6 µs a name against 32 µs): a page of a pattern
 * sorts every match by its key.
 */
export const SORT_KEY_RULE = 'enye-nfd-marks-ascii-lower';

/** Characters that join the parts of a code ("33-69345023-9", "A.001"): both the parts and the joined code are words. */
export const JOINERS = '-.';
/** Characters that separate words besides white space: ASCII punctuation and common typographic marks. */
export const SEPARATORS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~¡¿«»“”‘’…–—·';

/** Leading zeros of a word of digits only ("000009"): the number is also a word without them ("9"). */
export const LEADING_ZEROS = '^0+(?=[0-9])';
const leadingZeros = new RegExp(LEADING_ZEROS, 'u');
const DIGITS = /^[0-9]+$/u;

/** Longest word kept (longer ones are cut): a search index holds words, not whole texts. */
export const MAX_WORD = 60;

/** SQL's translate(): each character of `from` in `s` becomes the one at its place in `to`. */
export function translate(s: string, from: string, to: string): string {
  return s.replace(translator(from, to).re, (c) => translator(from, to).map.get(c)!);
}

const translators = new Map<string, { re: RegExp; map: Map<string, string> }>();
function translator(from: string, to: string) {
  const key = `${from}\u0000${to}`;
  let t = translators.get(key);
  if (!t) {
    const chars = [...from];
    const targets = [...to];
    t = { re: new RegExp(`[${chars.join('')}]`, 'gu'), map: new Map(chars.map((c, i) => [c, targets[i]])) };
    translators.set(key, t);
  }
  return t;
}

export const matchFold = (s: string) => translate(s, MATCH_FROM, MATCH_TO);

/** Inside a class only these need a backslash (and with JavaScript's `u` flag nothing else may have one). */
const escapeClass = (chars: string) => [...chars].map((c) => ('\\]^-['.includes(c) ? `\\${c}` : c)).join('');
/** A regular-expression class (JavaScript with the `u` flag, and PostgreSQL's ARE) of the word separators. */
export const SEPARATOR_CLASS = `[\\s${escapeClass(SEPARATORS)}]`;
/** Any character that is not a separator (a word character). */
export const WORD_CLASS = `[^\\s${escapeClass(SEPARATORS)}]`;
/** A joiner between two word characters: removing these makes the compact form of a code. */
export const JOINED = `(${WORD_CLASS})[${escapeClass(JOINERS)}]+(?=${WORD_CLASS})`;

const separators = new RegExp(`${SEPARATOR_CLASS}+`, 'gu');
const joined = new RegExp(JOINED, 'gu');
const joinedAny = new RegExp(JOINED, 'u');

const cut = (w: string) => (w.length <= MAX_WORD ? w : [...w].slice(0, MAX_WORD).join(''));
const wordsOf = (folded: string) => folded.split(separators).filter(Boolean).map(cut);

/**
 * The words a text is found by: its parts, the compact forms of its codes and its numbers without leading zeros
 * (the server's SQL does the same).
 */
export function searchWords(text: string): string[] {
  const folded = matchFold(text);
  const words = new Set(wordsOf(folded));
  // only codes (word characters around a joiner) have a compact form besides their parts
  if (joinedAny.test(folded)) for (const w of wordsOf(folded.replace(joined, '$1'))) words.add(w);
  for (const w of words) if (DIGITS.test(w) && leadingZeros.test(w)) words.add(w.replace(leadingZeros, ''));
  return [...words];
}

/**
 * The terms of a typed pattern: each run of characters between white space or separators (joiners
 * excepted) with its joiners removed, folded; each term must start a word of the row. Duplicates and terms
 * that start another term ("to" beside "tornillo") say nothing more and are dropped.
 */
export function patternTerms(pattern: string): string[] {
  const folded = matchFold(pattern);
  const terms = new Set(wordsOf(folded.replace(joined, '$1')));
  return [...terms].filter((t) => ![...terms].some((o) => o !== t && o.startsWith(t)));
}

/** The sort key of an empty value: after every text (the last code point), as databases sort nulls. */
export const NULL_SORT_KEY = '\u{10FFFF}';

/** The key text sorts by (compared bytewise): Spanish order, case and accents ignored. */
const combiningMarks = new RegExp(COMBINING_MARKS, 'gu');
export const sortKey = (s: string | null | undefined) =>
  s == null
    ? NULL_SORT_KEY
    : s
        .replace(/[ñÑ]/g, SORT_ENYE)
        .normalize('NFD')
        .replace(combiningMarks, '')
        .replace(/[A-Z]+/g, (c) => c.toLowerCase());

/** Whether a row whose search text is `text` matches `pattern` (what the server's index answers). */
export function matchesPattern(text: string, pattern: string): boolean {
  const words = searchWords(text);
  return patternTerms(pattern).every((t) => words.some((w) => w.startsWith(t)));
}
