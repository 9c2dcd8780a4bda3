/**
 * Usernames that look like another are refused (issue 18): a login named "аdmin" with a Cyrillic "а", "admın"
 * with a dotless ı, "ａｄｍｉｎ" in full-width forms or "ad\u200bmin" with a zero-width space would pass for
 * "admin" in every list and mail.
 *
 * - `normalizeUsername`: the form kept and compared: NFKC (full-width and compatibility forms become plain
 *   letters) and trimmed;
 * - `usernameProblem`: a name with invisible characters (format and control characters: zero-width, bidi
 *   controls, BOM) or white space inside -> USERNAME_INVISIBLE_CHARS; letters of more than one script
 *   (Latin with Cyrillic or Greek, ...) -> USERNAME_MIXED_SCRIPTS;
 * - `usernameSkeleton`: NFKC, case-folded, accents removed and the letters other scripts share with Latin
 *   mapped to it (Cyrillic а, Greek ο, dotless ı, ...): two names with one skeleton are confusable, so a new
 *   name whose skeleton is another login's is refused (USERNAME_CONFUSABLE).
 */

export const normalizeUsername = (name: string): string => name.normalize('NFKC').trim();

/** Zero-width, bidi controls, BOM, soft hyphen (Cf), control characters (Cc), separators and any white space. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Zs}\s]/u;

/** Scripts told apart; Han, Hiragana and Katakana write one language together. */
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Japanese', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hangul', /\p{Script=Hangul}/u],
];

function scriptOf(ch: string): string {
  for (const [name, re] of SCRIPTS) if (re.test(ch)) return name;
  return 'Other';
}

export type UsernameProblem = 'USERNAME_INVISIBLE_CHARS' | 'USERNAME_MIXED_SCRIPTS';

/** What is wrong with a (normalised) username, or null. */
export function usernameProblem(name: string): UsernameProblem | null {
  if (INVISIBLE.test(name)) return 'USERNAME_INVISIBLE_CHARS';
  const scripts = new Set<string>();
  for (const ch of name) if (/\p{L}/u.test(ch)) scripts.add(scriptOf(ch));
  return scripts.size > 1 ? 'USERNAME_MIXED_SCRIPTS' : null;
}

/** Letters of other scripts (and Latin variants) that look like a Latin letter, after case folding. */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ү: 'y', ɡ: 'g',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ϲ: 'c',
  // Latin look-alikes
  ı: 'i', ȷ: 'j', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ß: 'ss', æ: 'ae', œ: 'oe', ſ: 's',
};

/** The form two confusable names share (see above). */
export function usernameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let out = '';
  for (const ch of folded) if (!INVISIBLE.test(ch)) out += LOOKALIKES[ch] ?? ch;
  return out.normalize('NFC');
}
