/** Thrown when a WorkQueue is full: the server answers 503 with Retry-After instead of queueing without end. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy; please try again in a moment');
  }
}

/**
 * Runs at most `concurrency` tasks at once and keeps at most `maxWaiting` more waiting, in order; a task beyond
 * that is refused at once with QueueFullError.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Tasks refused with QueueFullError since the process started (the metrics report it). */
  refused = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Tasks running now, and tasks waiting for a slot. */
  get active(): number {
    return this.running;
  }
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        this.refused += 1;
        throw new QueueFullError(1);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes to the next waiting task, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
