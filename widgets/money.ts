/** Amounts and quantities as the user's language writes them (2 decimals for money). */
const money = new Map<string, Intl.NumberFormat>();
const plain = new Map<string, Intl.NumberFormat>();

const locale = (language: string) => (language.startsWith('en') ? 'en-US' : 'es-AR');

export function formatMoney(n: number | null | undefined, language: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  let f = money.get(language);
  if (!f) money.set(language, (f = new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  return f.format(n);
}

export function formatNumber(n: number | null | undefined, language: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  let f = plain.get(language);
  if (!f) plain.set(language, (f = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 6 })));
  return f.format(n);
}
