interface Logger {
  error(obj: unknown, msg?: string): void;
}

/**
 * A queue drainer run after commits: `kick()` starts a run of `step` until it finds no work (a
 * kick during a run makes it look once more), never two runs at once in this process, never
 * throwing (a failure is logged); `idle()` waits for the run (shutdown, tests). The rows it drains
 * are claimed in the database, so other processes' drains never take the same one.
 */
export class Drain {
  #running: Promise<void> | null = null;
  #again = false;

  constructor(
    /** Handles one queued item; false when none is left. */
    private readonly step: () => Promise<boolean>,
    private readonly log: Logger,
    private readonly failure: string,
  ) {}

  kick(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          while (await this.step());
        } while (this.#again);
      } catch (error) {
        this.log.error({ err: error }, this.failure);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }
}
