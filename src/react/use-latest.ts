import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

// Layout effects warn during server rendering in React 18; the check reads no global at import time
// beyond `typeof`, which is safe where `document` does not exist.
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The latest props for callbacks that run later (fetch, authorize, onAuthError), so passing an inline
 * function does not create a new client, and so a new token, on every render.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
