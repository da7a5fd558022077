import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `load` when the element scrolls into view inside its scroll container: infinite scrolling.
 * Where IntersectionObserver is missing (jsdom), the element (a "Load more" button) still works by click.
 */
export function useLoadOnView<T extends Element>(load: () => void, enabled: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      // The list scrolls inside its own box: visible there, not in the page, is what counts.
      { root: element.parentElement },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [enabled]);
  return ref;
}
