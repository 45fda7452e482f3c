import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus figures of `GET /metrics` (API.md): one registry per process (the process
 * metrics are the process's; several applications in one process, as in the tests, add to the
 * same counters).
 */
export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  requests: Counter<'method' | 'route' | 'status_class'>;
  serverErrors: Counter<'method' | 'route'>;
  clientErrors: Counter;
  signInFailures: Counter<'reason'>;
  securityEvents: Counter<'type'>;
  slowQueries: Counter;
}

let metrics: Metrics | null = null;

export function processMetrics(): Metrics {
  if (metrics) return metrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'circula_' });
  const labels = ['method', 'route', 'status_class'] as const;
  metrics = {
    registry,
    requestDuration: new Histogram({
      name: 'circula_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status class',
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    requests: new Counter({ name: 'circula_http_requests_total', help: 'HTTP requests by route pattern, method and status class', labelNames: labels, registers: [registry] }),
    serverErrors: new Counter({ name: 'circula_http_server_errors_total', help: 'Answers with a 5xx status by route pattern', labelNames: ['method', 'route'], registers: [registry] }),
    clientErrors: new Counter({ name: 'circula_client_errors_total', help: 'Errors reported by browsers (POST /api/monitor/client-errors)', registers: [registry] }),
    signInFailures: new Counter({ name: 'circula_sign_in_failures_total', help: 'Failed sign-ins by reason (bad credentials, throttled, lockout, refused)', labelNames: ['reason'], registers: [registry] }),
    securityEvents: new Counter({ name: 'circula_security_events_total', help: 'Security events by type', labelNames: ['type'], registers: [registry] }),
    slowQueries: new Counter({ name: 'circula_slow_queries_total', help: 'Database queries slower than SLOW_QUERY_MS', registers: [registry] }),
  };
  if (cluster.isWorker) {
    // a worker of several (WORKERS): answers the primary's requests for this registry (prom-client's cluster protocol)
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  return metrics;
}

/** A worker asks the primary for every worker's figures (cluster.ts answers). */
export const CLUSTER_METRICS_REQUEST = 'circula:metrics-request';
export const CLUSTER_METRICS_ANSWER = 'circula:metrics-answer';
const CLUSTER_METRICS_TIMEOUT_MS = 10_000;

export interface ClusterMetricsAnswer {
  type: typeof CLUSTER_METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let asked = 0;
const waiting = new Map<number, (answer: ClusterMetricsAnswer) => void>();

/**
 * The text of `GET /metrics`. With several server processes (WORKERS) a scrape lands on any one
 * of them, so its figures would be that process's share and jump from scrape to scrape: the
 * worker asks the primary, which gathers every worker's registry and sums them (prom-client's
 * AggregatorRegistry: counters and histograms summed, process figures by their own rule). A
 * single process answers its own registry.
 */
export async function metricsText(metrics: Metrics): Promise<string> {
  if (!cluster.isWorker || !process.send) return metrics.registry.metrics();
  if (asked === 0) {
    process.on('message', (message: Partial<ClusterMetricsAnswer> | null) => {
      if (message?.type !== CLUSTER_METRICS_ANSWER || typeof message.id !== 'number') return;
      waiting.get(message.id)?.(message as ClusterMetricsAnswer);
    });
  }
  const id = ++asked;
  const answer = await new Promise<ClusterMetricsAnswer>((resolve) => {
    const timer = setTimeout(() => resolve({ type: CLUSTER_METRICS_ANSWER, id, error: 'no answer from the primary process' }), CLUSTER_METRICS_TIMEOUT_MS);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    process.send!({ type: CLUSTER_METRICS_REQUEST, id });
  }).finally(() => waiting.delete(id));
  if (answer.text === undefined) throw new Error(`metrics of the cluster: ${answer.error ?? 'no text'}`);
  return answer.text;
}
