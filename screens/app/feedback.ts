/** Turns a failed call into the toast of spec §8. */
import i18next from 'i18next';
import type { ApiError } from '../../engine/api/client';
import { feedbackFor } from '../../engine/errorFeedback';
import { showError, showUnknownError } from '../../widgets/toaster';

/** Set by session.ts: the Report button posts through the authenticated client. */
let reporter: ((error: ApiError) => Promise<unknown>) | undefined;
export function setErrorReporter(fn: (error: ApiError) => Promise<unknown>) {
  reporter = fn;
}

export function reportFailure(error: ApiError): void {
  const verdict = feedbackFor(
    { status: error.status, url: error.url, code: error.code, message: error.message },
    (code) => i18next.exists(`errors.${code}`),
  );
  switch (verdict.kind) {
    case 'silent':
      return;
    case 'code':
      // the field error of the same code carries the text's values (an article, a location, what is available)
      showError([i18next.t(`errors.${verdict.code}`, error.fieldErrors.find((e) => e.code === verdict.code)?.params), usedBy(error)].filter(Boolean).join(' '));
      return;
    case 'message':
      showError(verdict.message);
      return;
    case 'unknown':
      // a report that cannot be filed is not worth a second error: neither a refusal nor a throw reaches the user
      showUnknownError({ onReport: () => void Promise.resolve().then(() => reporter?.(error)).catch(() => undefined) });
  }
}

/**
 * Who holds a row that could not be deleted, from the refusal's field errors (`referencedBy`: an entity and how many
 * of its rows): "En uso en: Registro (3), Movimientos de stock (4)." Empty for any other error.
 */
function usedBy(error: ApiError): string {
  const uses = error.fieldErrors.flatMap((e) => {
    const p = e.params as { entity?: unknown; count?: unknown } | undefined;
    return e.code === 'referencedBy' && typeof p?.entity === 'string' ? [`${i18next.t(`entities.${p.entity}.title`, { defaultValue: p.entity })} (${String(p.count ?? '?')})`] : [];
  });
  return uses.length ? i18next.t('errors.usedBy', { uses: uses.join(', ') }) : '';
}
