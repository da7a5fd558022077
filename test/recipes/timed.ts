// Each recipe step's wall time, printed so CI's log shows where the minutes go.
export async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    console.log(`[recipes] ${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
