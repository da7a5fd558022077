import { useEffect, useState } from 'react';
import { buildLog, type LogRow } from './log.ts';
import { useDemoServices } from './demo-context.ts';

/** The request log, rebuilt whenever a mock service records or answers a call. */
export function useLog(): LogRow[] {
  const demo = useDemoServices();
  const [rows, setRows] = useState(() => buildLog(demo.services));
  useEffect(() => {
    const update = () => {
      setRows(buildLog(demo.services));
    };
    update();
    return demo.subscribe(update);
  }, [demo]);
  return rows;
}
