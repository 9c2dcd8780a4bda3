/**
 * A time bucket's group as people read it. The server names a bucket by its first day (ISO, 2026-11-01), which
 * read as a day says one day; so each bucket says what it spans: a day "20/11/2026", a week "Semana del
 * 02/11/2026", a month "noviembre 2026" / "November 2026" (the month's name as the language writes it, from Intl;
 * Intl's own month-and-year would say "noviembre de 2026"), a year "2026". The screen's table and chart read it
 * here; the files write the bucket their own way (server/entities/reporte/exportResult.ts).
 */
import { dayText } from '../dates';
import type { TimeBucket } from './query';
import type { Translate } from './resultTable';

/** The bucket starting on `day` (ISO) as people read it; null when `day` is no date. */
export function bucketText(day: string, bucket: TimeBucket, t: Translate, lang: string): string | null {
  const text = dayText(day);
  if (!text) return null;
  const year = day.slice(0, 4);
  if (bucket === 'semana') return t('reports.weekOf', { day: text });
  if (bucket === 'anio') return year;
  if (bucket === 'mes') return `${new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`))} ${year}`;
  return text;
}
