import type { OpState } from './documents.ts';

export function StateBadge({ state }: { state: OpState }) {
  return (
    <span className={`state state-${state}`} data-testid="state">
      {state.replace('_', ' ')}
    </span>
  );
}
