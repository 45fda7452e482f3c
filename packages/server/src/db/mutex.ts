/** A FIFO async mutex: `acquire()` resolves with a release function once every earlier holder released. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    });
    this.#tail = this.#tail.then(() => held);
    return ready;
  }
}

/**
 * FIFO mutexes by key, for work that must not overlap per key inside this process (one sign-in
 * address, one name). A key's entry lives only while someone holds or awaits it, and a holder
 * that throws releases it like one that returns.
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the chain only ever resolves: a failed holder does not fail the ones after it
    const tail = previous.then(() => held);
    this.#tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }

  /** How many keys are held or awaited now. */
  get size(): number {
    return this.#tails.size;
  }
}

/** At most `max` holders at once, the others served in order of arrival; a holder that throws releases like one that returns. */
export class Semaphore {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active >= this.max) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#active += 1;
    try {
      return await work();
    } finally {
      // the turn passes to the next one waiting, or is given back
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}
