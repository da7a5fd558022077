import { createContext, useContext } from 'react';
import type { DemoServices } from './services.ts';

export const DemoContext = createContext<DemoServices | null>(null);

export function useDemoServices(): DemoServices {
  const demo = useContext(DemoContext);
  if (demo === null) throw new Error('useDemoServices needs a <DemoFrame> around it');
  return demo;
}

/** The app's clock (the provider's `now`): stories that move it show expiry by it, not by Date.now. */
export const ClockContext = createContext<() => number>(Date.now);

export function useClock(): () => number {
  return useContext(ClockContext);
}
