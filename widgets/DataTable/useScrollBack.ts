/**
 * A list opened again as the user left it (back from a row's form) scrolls back to where it was. Its rows come a
 * page at a time: each time the table grows (a ResizeObserver on it, as the virtual rows' spacers reach their
 * height a render after the rows arrive) the box is scrolled as far as it reaches, which brings it near the end
 * of the loaded rows and so asks for the next page (NEAR_END), until it gets there, every row is loaded, or the
 * user scrolls on their own.
 */
import { useEffect, useRef, type RefObject } from 'react';

const USER_SCROLL = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function useScrollBack(box: RefObject<HTMLElement | null>, top: number | undefined, allLoaded: boolean) {
  const target = useRef(top && top > 0 ? top : 0);
  const ended = useRef(allLoaded);
  ended.current = allLoaded;
  useEffect(() => {
    const el = box.current;
    const table = el?.firstElementChild;
    if (!el || !table || !target.current || typeof ResizeObserver === 'undefined') return;
    const stop = () => {
      target.current = 0;
      observer.disconnect();
    };
    const observer = new ResizeObserver(() => {
      if (!target.current || el.scrollHeight <= el.clientHeight) return;
      el.scrollTop = target.current;
      if (el.scrollTop >= target.current - 1 || ended.current) stop();
    });
    observer.observe(table);
    for (const type of USER_SCROLL) el.addEventListener(type, stop, { passive: true });
    return () => {
      observer.disconnect();
      USER_SCROLL.forEach((type) => el.removeEventListener(type, stop));
    };
  }, [box]);
}
