import { useDemoServices } from './demo-context.ts';

/** The mock service's knobs, as buttons: what the play functions press, a person can press too. */
export function ServiceControls() {
  const demo = useDemoServices();
  return (
    <section className="panel service-controls" aria-label="Mock service">
      <h2>Mock service</h2>
      <button
        type="button"
        onClick={() => {
          for (const service of demo.services) service.expireTokensNow();
        }}
      >
        Expire issued tokens now
      </button>
      <button
        type="button"
        onClick={() => {
          for (const service of demo.services) service.queueAuthFailures(503, 503, 503);
        }}
      >
        Next 3 auth calls answer 503
      </button>
    </section>
  );
}
