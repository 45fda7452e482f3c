/**
 * The latency sketch of the persisted aggregates: request counts over fixed buckets growing by a
 * quarter (0.5 ms … ~60 s, then one unbounded bucket), so that a percentile estimated from them is
 * within 25 % of the true value, whatever the period summed. Prometheus gets its own, coarser
 * histogram (metrics.ts).
 */
const FIRST_BOUND_MS = 0.5;
const GROWTH = 1.25;
const LAST_BOUND_MS = 60_000;

/** Upper bounds (ms, inclusive) of every bucket but the last, which takes everything slower. */
export const LATENCY_BOUNDS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let bound = FIRST_BOUND_MS; bound < LAST_BOUND_MS * GROWTH; bound *= GROWTH) bounds.push(Math.round(bound * 1000) / 1000);
  return bounds;
})();

export const BUCKET_COUNT = LATENCY_BOUNDS.length + 1;

/** The bucket of a duration: the first whose upper bound holds it. */
export function bucketOf(ms: number): number {
  // binary search: ~57 bounds
  let low = 0;
  let high = LATENCY_BOUNDS.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ms <= LATENCY_BOUNDS[mid]!) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The q-quantile (0 < q ≤ 1) of the durations a histogram counts, interpolated linearly within
 * the bucket it falls in (as Prometheus' histogram_quantile); the unbounded bucket ends at the
 * largest duration seen. Null without data.
 */
export function percentile(buckets: readonly number[], q: number, maxMs: number): number | null {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const n = buckets[i]!;
    if (n === 0) continue;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS[i - 1]!;
      const upper = i < LATENCY_BOUNDS.length ? Math.min(LATENCY_BOUNDS[i]!, Math.max(maxMs, lower)) : Math.max(maxMs, lower);
      return lower + (upper - lower) * ((rank - seen) / n);
    }
    seen += n;
  }
  return maxMs;
}
