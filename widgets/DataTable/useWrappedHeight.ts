/**
 * How much taller than one line an element is: the toolbar wraps on a narrow screen, and the table gives up that
 * height so the page itself does not scroll (the table height's 145 px of spec §9 hold a one-line toolbar).
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useWrappedHeight(ref: RefObject<HTMLElement | null>, oneLine: number): number {
  const [extra, setExtra] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setExtra(Math.max(0, Math.round(el.getBoundingClientRect().height - oneLine)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, oneLine]);
  return extra;
}
