/**
 * The link of an external report (spec §7): the report's URL plus the query `reportUnit` (its key) and each
 * parameter, added to what the URL already carries.
 */
import type { ReportRun } from './model';

export function reportLink(run: ReportRun): string | null {
  if (!run.urlreporte) return null;
  const [base, hash = ''] = run.urlreporte.split('#', 2);
  const query = [['reportUnit', run.key], ...Object.entries(run.params)]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${query}${hash ? `#${hash}` : ''}`;
}
