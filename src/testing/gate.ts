/** Overlapping pauses are counted; traffic flows again only once every one is released. */
export class Gate {
  #holds = 0;
  #waiters: Array<() => void> = [];

  pause(): () => void {
    this.#holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds -= 1;
      if (this.#holds === 0) for (const wake of this.#waiters.splice(0)) wake();
    };
  }

  async pass(): Promise<void> {
    while (this.#holds > 0) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
}
