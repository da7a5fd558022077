/** A clock the demo can move forward, as a laptop's clock jumps after sleep. */
export class DemoClock {
  #offsetMs = 0;
  readonly now = () => Date.now() + this.#offsetMs;

  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}

/** What a browser does when the user comes back to the tab (the real event bubbles to window). */
export function announceVisible(): void {
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}
