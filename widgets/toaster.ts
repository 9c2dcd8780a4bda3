/**
 * The app's single toaster (spec §8: errors are red toasts at the top) and the helpers the app calls.
 * Texts are translated when the toast is created; `<AppToaster/>` draws them.
 */
import { createToaster } from '@chakra-ui/react';
import i18next from '../locales/i18n';
import { APP_HEADER_HEIGHT } from '../engine/list/sizes';
import { TOAST_GAP_PX, TOAST_TOP_VAR } from './useToastsBelow';

/** Spec §1 / §9: the "new content available" notice stays 10 seconds. */
export const NEW_VERSION_TOAST_MS = 10_000;
export const NEW_VERSION_TOAST_ID = 'new-version';

// top-end: at the top (spec §8), clear of a centred dialog's title; a few at most; below the app bar and the
// sticky sub-header, so a message never covers the Save it is about (its real bottom where a sub-header is
// shown, widgets/useToastsBelow.ts: it wraps on a phone). Without a sub-header, right under the app bar, beside a
// page's title: lower, a "Saved." brought back to a list covered its Add button
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 3,
  offsets: { top: `var(${TOAST_TOP_VAR}, ${APP_HEADER_HEIGHT + TOAST_GAP_PX}px)`, right: '1rem', bottom: '1rem', left: '1rem' },
});

/** When each message toast was shown, so a page change can drop the earlier ones. */
const shownAt = new Map<string, number>();
/** A toast shown this close before a page change belongs to it (a save that goes back to its list). */
const CARRY_MS = 1500;

/** A new page: the message toasts of the page before go (the new-version notice and an unknown error stay). */
export function dismissPageToasts(now = Date.now()): void {
  for (const [id, at] of shownAt) {
    if (now - at < CARRY_MS) continue;
    toaster.dismiss(id);
    shownAt.delete(id);
  }
}

function remember(id: string): string {
  shownAt.set(id, Date.now());
  return id;
}

/** Extra data a toast may carry for `<AppToaster/>`. */
export interface ToastMeta {
  /** Show a text "Close" button (instead of the small × icon). */
  closeButton?: boolean;
}

const t = (key: string) => i18next.t(key);

export function showError(message: string): string {
  return remember(toaster.create({ type: 'error', title: message, closable: true }));
}

export function showSuccess(message: string): string {
  return remember(toaster.create({ type: 'success', title: message, closable: true }));
}

/** Spec §8: an error without a message. Stays until the user reports it or closes it. */
export function showUnknownError({ onReport }: { onReport: () => void }): string {
  const meta: ToastMeta = { closeButton: true };
  return toaster.create({
    type: 'error',
    title: t('widgets.toast.unknownError'),
    duration: Infinity,
    action: { label: t('widgets.toast.report'), onClick: onReport },
    meta,
  });
}

/** Spec §1: "new content available, please refresh", 10 seconds, with a refresh action. */
export function showNewVersion({ onRefresh }: { onRefresh: () => void }): string {
  return toaster.create({
    id: NEW_VERSION_TOAST_ID,
    type: 'info',
    title: t('widgets.toast.newVersion'),
    duration: NEW_VERSION_TOAST_MS,
    action: { label: t('widgets.toast.refresh'), onClick: onRefresh },
    closable: true,
  });
}
