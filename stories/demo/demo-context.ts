import { createContext, useContext } from 'react';
import type { DemoServices } from './services.ts';

export const DemoContext = createContext<DemoServices | null>(null);

export function useDemoServices(): DemoServices {
  const demo = useContext(DemoContext);
  if (demo === null) throw new Error('useDemoServices needs a <DemoFrame> around it');
  return demo;
}
