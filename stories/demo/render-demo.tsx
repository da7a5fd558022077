import type { ReactNode } from 'react';
import { DemoFrame, type DemoFrameProps } from './DemoFrame.tsx';
import { demoOf } from './services.ts';

/** A story's render function: the app inside a DemoFrame on the story's own mock services. */
export function renderDemo(frame: Omit<DemoFrameProps, 'demo' | 'children'>, app: ReactNode) {
  return (_args: unknown, context: { loaded: Record<string, unknown> }) => (
    <DemoFrame demo={demoOf(context)} {...frame}>
      {app}
    </DemoFrame>
  );
}
