/**
 * The app's single toaster (spec §8: errors are red toasts at the top) and the helpers the app calls.
 * Texts are translated when the toast is created; `<AppToaster/>` draws them.
 */
import { createToaster } from '@chakra-ui/react';
import i18next from '../locales/i18n';

/** Spec §1 / §9: the "new content available" notice stays 10 seconds. */
export const NEW_VERSION_TOAST_MS = 10_000;
export const NEW_VERSION_TOAST_ID = 'new-version';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

/** Extra data a toast may carry for `<AppToaster/>`. */
export interface ToastMeta {
  /** Show a text "Close" button (instead of the small × icon). */
  closeButton?: boolean;
}

const t = (key: string) => i18next.t(key);

export function showError(message: string): string {
  return toaster.create({ type: 'error', title: message, closable: true });
}

export function showSuccess(message: string): string {
  return toaster.create({ type: 'success', title: message, closable: true });
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
