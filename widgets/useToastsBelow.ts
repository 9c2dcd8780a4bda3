/**
 * Keeps the toasts below a sticky bar (the sub-header with Save): on a phone it wraps to two or three lines,
 * taller than the toaster's fixed offset, and a "Saved." would cover the Move button next to it. Sets the CSS
 * variable the toaster's top offset reads (widgets/toaster.ts) to the bar's bottom, as it scrolls and resizes.
 */
import { useEffect, type RefObject } from 'react';

export const TOAST_TOP_VAR = '--app-toast-top';
/** Room between the bar and the first toast. */
export const TOAST_GAP_PX = 8;

export function useToastsBelow(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof window === 'undefined') return;
    const root = document.documentElement;
    let frame = 0;
    const place = () => {
      frame = 0;
      root.style.setProperty(TOAST_TOP_VAR, `${Math.max(0, Math.round(el.getBoundingClientRect().bottom)) + TOAST_GAP_PX}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resize?.observe(el);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize?.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      root.style.removeProperty(TOAST_TOP_VAR);
    };
  }, [ref, enabled]);
}
