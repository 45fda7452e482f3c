import { describe, expect, it } from 'vitest';
import { BUCKET_COUNT, bucketOf, LATENCY_BOUNDS, percentile } from '../../src/monitor/latency.js';
import { parseMonitorPeriod, throughputStep } from '../../src/monitor/queries.js';

const histogramOf = (values: number[]) => {
  const buckets = new Array<number>(BUCKET_COUNT).fill(0);
  for (const v of values) buckets[bucketOf(v)]!++;
  return buckets;
};

/** The exact quantile (nearest rank) of sorted values. */
const exact = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

describe('latency histogram', () => {
  it('puts each duration in the first bucket whose bound holds it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.5)).toBe(0);
    expect(bucketOf(0.51)).toBe(1);
    expect(bucketOf(LATENCY_BOUNDS[10]!)).toBe(10);
    expect(bucketOf(LATENCY_BOUNDS[10]! + 0.001)).toBe(11);
    expect(bucketOf(10 * 60_000)).toBe(BUCKET_COUNT - 1);
    for (let i = 1; i < LATENCY_BOUNDS.length; i++) expect(LATENCY_BOUNDS[i]! / LATENCY_BOUNDS[i - 1]!).toBeCloseTo(1.25, 2);
  });

  it('answers null without data', () => {
    expect(percentile(new Array<number>(BUCKET_COUNT).fill(0), 0.5, 0)).toBeNull();
  });

  it('interpolates within the bucket: exact on durations spread evenly over one bucket', () => {
    const lower = LATENCY_BOUNDS[19]!;
    const upper = LATENCY_BOUNDS[20]!;
    const values = Array.from({ length: 100 }, (_, i) => lower + ((i + 1) * (upper - lower)) / 100);
    const histogram = histogramOf(values);
    expect(percentile(histogram, 0.5, upper)).toBeCloseTo(values[49]!, 6);
    expect(percentile(histogram, 0.95, upper)).toBeCloseTo(values[94]!, 6);
    expect(percentile(histogram, 0.99, upper)).toBeCloseTo(values[98]!, 6);
  });

  it('stays within the bucket growth (25 %) of the true p50/p95/p99 on skewed data', () => {
    // 1000 requests: most fast, a slow tail
    const values: number[] = [];
    for (let i = 0; i < 900; i++) values.push(3 + (i % 50) * 0.2);
    for (let i = 0; i < 90; i++) values.push(80 + i * 3);
    for (let i = 0; i < 10; i++) values.push(2000 + i * 500);
    const sorted = [...values].sort((a, b) => a - b);
    const histogram = histogramOf(values);
    const max = sorted.at(-1)!;
    for (const q of [0.5, 0.95, 0.99]) {
      const estimate = percentile(histogram, q, max)!;
      const truth = exact(sorted, q);
      expect(Math.abs(estimate - truth) / truth).toBeLessThanOrEqual(0.25);
    }
    expect(percentile(histogram, 1, max)).toBeCloseTo(max, 6);
  });

  it('ends the unbounded bucket at the largest duration seen', () => {
    const histogram = histogramOf([120_000, 180_000]);
    expect(percentile(histogram, 1, 180_000)).toBe(180_000);
    expect(percentile(histogram, 0.5, 180_000)).toBeGreaterThan(LATENCY_BOUNDS.at(-1)!);
  });
});

describe('monitor period', () => {
  it('defaults to the last 24 hours and steps the throughput chart to at most 240 points', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const p = parseMonitorPeriod(undefined, undefined, now);
    expect(p.to).toEqual(now);
    expect(p.from).toEqual(new Date('2026-02-28T12:00:00Z'));
    expect(throughputStep(p)).toBe(10 * 60);
    expect(throughputStep({ from: new Date(now.getTime() - 3_600_000), to: now })).toBe(60);
    expect(throughputStep({ from: new Date(now.getTime() - 7 * 86_400_000), to: now })).toBe(60 * 60);
  });
});

describe('query observer', () => {
  it('hands on the SQL text of queries at or over the threshold only, never their parameters', async () => {
    const { QueryObserver } = await import('../../src/db/query-log.js');
    const observer = new QueryObserver();
    const seen: [string, number][] = [];
    observer.thresholdMs = 200;
    observer.listener = (text, ms) => seen.push([text, ms]);
    const query = (text: string) => ({ sql: text, parameters: ['secret'], query: { kind: 'RawNode' }, queryId: { queryId: 'q' } }) as never;
    observer.log({ level: 'query', query: query('select 1'), queryDurationMillis: 199.9 });
    observer.log({ level: 'query', query: query('select 2'), queryDurationMillis: 200 });
    observer.log({ level: 'error', query: query('select 3'), queryDurationMillis: 900, error: new Error('x') });
    expect(seen).toEqual([['select 2', 200]]);
    observer.thresholdMs = 0;
    observer.log({ level: 'query', query: query('select 4'), queryDurationMillis: 5000 });
    expect(seen).toHaveLength(1);
  });
});
