import autocannon from 'autocannon';

/** What a load run measured once its warm-up was over. */
export interface SteadyLoad {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, errors and timeouts over the whole run, warm-up included. */
  errors: number;
  /** Answers counted after the warm-up. */
  requests: number;
}

/** The nearest-rank percentile of sorted values, to a tenth of a millisecond. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

/**
 * Runs autocannon for the warm-up and then the measured seconds on the same connections, and gives the figures of
 * the 2xx answers that arrived after the warm-up. A warm-up run of its own would close its connections, and the
 * measured run would then count the opening of new ones
 * (docs/decisions/2026-11-26-warm-up-on-the-same-connections.md).
 */
export async function steadyLoad(
  options: Omit<autocannon.Options, 'duration'>,
  warmupSeconds: number,
  durationSeconds: number,
): Promise<SteadyLoad> {
  const latencies: number[] = [];
  const measureFrom = performance.now() + warmupSeconds * 1000;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration: warmupSeconds + durationSeconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300 && performance.now() >= measureFrom) latencies.push(responseTime);
    });
  });
  const measuredSeconds = Math.max(0.001, (performance.now() - measureFrom) / 1000);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: sorted.length / measuredSeconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: sorted.length,
  };
}
